"""Every text in one shape: each catalog entry is a `Text` with both languages and the same
placeholders, every catalog name the code reads exists, every one it declares is read, and every
call passes exactly the values its text names."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Literal, get_args, get_origin

import pytest

from games import registry
from games.text import Text, placeholders

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("bot", "cogs", "games")
PLATFORM = "bot.i18n.messages"
#: What the platform reads from every game's catalog through `Game.texts`.
#: (`OPTION_VALUES` only where an option is not a switch.)
GAME_CONTRACT = ("NAME", "RULES", "OPTION_TEXT", "OPTION_VALUES", "REASONS")


def catalog_modules() -> list[str]:
    """The platform's catalog, then every registered game's (the tests' extra game's too)."""
    return [PLATFORM, *(f"{game.package}.texts" for game in registry.all())]


def texts_in(value: Any, where: str) -> Iterator[tuple[str, Text]]:
    """Every `Text` inside a catalog value (a text, or mappings and tuples of them)."""
    if isinstance(value, Text):
        yield where, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from texts_in(item, f"{where}[{key!r}]")
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            yield from texts_in(item, f"{where}[{index}]")


def entries(module: ModuleType) -> dict[str, Any]:
    """The catalog's public constants: the names that hold texts."""
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper() and any(True for _ in texts_in(value, name))
    }


@dataclass
class Use:
    module: str
    name: str
    where: str
    keywords: frozenset[str] | None = None  # the values passed, when the text is called
    subscripted: bool = False
    item: object = None  # the subscript, when it is a constant


def shipped_sources() -> Iterator[tuple[str, Path]]:
    """The shipped code, and the package of every game registered from elsewhere (its
    engine, texts and renderer)."""
    folders = list(SHIPPED)
    for game in registry.all():
        folder = game.package.replace(".", "/")
        if not any(folder == f or folder.startswith(f"{f}/") for f in folders):
            folders.append(folder)
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            yield module.removesuffix(".__init__"), path


def uses() -> list[Use]:
    """Every read of a catalog name in the shipped code: `msg.X`, `texts.X`, names imported
    from a catalog, names read inside their own catalog, and `game.texts.X` (the contract)."""
    catalogs = set(catalog_modules())
    found: list[Use] = []
    for module, path in shipped_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases: dict[str, str] = {}  # local name -> catalog module
        direct: dict[str, tuple[str, str]] = {}  # local name -> (catalog module, name)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    if full in catalogs:
                        aliases[alias.asname or alias.name] = full
                    elif node.module in catalogs:
                        direct[alias.asname or alias.name] = (node.module, alias.name)
        if module in catalogs:
            direct.update(
                {name: (module, name) for name in entries(importlib.import_module(module))}
            )
        parents = {
            child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)
        }
        for node in ast.walk(tree):
            target: tuple[str, str] | None = None
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in aliases:
                    target = (aliases[node.value.id], node.attr)
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
                if node.value.attr == "texts":
                    target = ("<every game>", node.attr)
            elif (
                isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in direct
            ):
                target = direct[node.id]
            if target is None:
                continue
            use = Use(*target, where=f"{path.relative_to(ROOT)}:{node.lineno}")
            parent = parents.get(node)
            if isinstance(parent, ast.Subscript) and parent.value is node:
                use.subscripted = True
                if isinstance(parent.slice, ast.Constant):
                    use.item = parent.slice.value
                parent, node = parents.get(parent), parent
            if (
                isinstance(parent, ast.Call)
                and parent.func is node
                and all(k.arg is not None for k in parent.keywords)
            ):
                use.keywords = frozenset(k.arg for k in parent.keywords if k.arg)
            found.append(use)
    return found


USES = uses()


@pytest.mark.parametrize("module", catalog_modules())
def test_every_text_has_both_languages_with_the_same_placeholders(module: str) -> None:
    catalog = importlib.import_module(module)
    assert entries(catalog), f"{module} declares no texts"
    for name, value in entries(catalog).items():
        for where, text in texts_in(value, name):
            assert text.ja.strip() and text.en.strip(), f"{module}.{where} is empty"
            assert placeholders(text.ja) == placeholders(text.en), f"{module}.{where}"


def test_a_text_missing_a_language_or_a_placeholder_fails_at_import() -> None:
    with pytest.raises(TypeError):
        Text(ja="手札")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="placeholders"):
        Text(ja="{n}枚", en="{count} cards")
    assert Text(ja="{n}枚", en="{n} cards")("en", n=3) == "3 cards"
    assert Text(ja="{n}枚", en="{n} cards")("ja", n=3) == "3枚"


def test_every_catalog_name_the_code_reads_exists() -> None:
    missing = []
    for use in USES:
        modules = catalog_modules()[1:] if use.module == "<every game>" else [use.module]
        for module in modules:
            if not hasattr(importlib.import_module(module), use.name):
                missing.append(f"{use.where}: {module}.{use.name}")
    assert not missing


@pytest.mark.parametrize("module", catalog_modules())
def test_every_catalog_name_is_read_somewhere(module: str) -> None:
    read = {use.name for use in USES if use.module in (module, "<every game>")}
    if module != PLATFORM:
        read |= set(GAME_CONTRACT)
    unused = sorted(set(entries(importlib.import_module(module))) - read)
    assert not unused, f"{module} declares texts nothing reads: {unused}"


def test_every_game_catalog_holds_what_the_platform_reads() -> None:
    for game in registry.all():
        texts = game.texts
        assert isinstance(texts.NAME, Text) and isinstance(texts.RULES, Text), game.id
        assert set(texts.OPTION_TEXT) == set(game.Options.model_fields), game.id
        for label, description in texts.OPTION_TEXT.values():
            assert isinstance(label, Text) and isinstance(description, Text), game.id
        assert all(isinstance(text, Text) for text in texts.REASONS.values()), game.id
        for field, info in game.Options.model_fields.items():
            choices = get_args(info.annotation) if get_origin(info.annotation) is Literal else ()
            if choices:
                assert set(texts.OPTION_VALUES[field]) == {str(c) for c in choices}, field


def test_every_call_passes_the_values_its_text_names() -> None:
    wrong = []
    for use in USES:
        if use.keywords is None or use.module == "<every game>":
            continue
        value = getattr(importlib.import_module(use.module), use.name, None)
        if value is None:
            continue
        if use.item is not None:
            value = value[use.item]
        texts = [text for _, text in texts_in(value, use.name)]
        if not use.name.isupper():
            continue
        if not use.subscripted and not isinstance(value, Text):
            wrong.append(f"{use.where}: {use.name} is called but is not a text")
            continue
        for text in texts:
            if placeholders(text.en) != use.keywords:
                wrong.append(f"{use.where}: {use.name} takes {sorted(placeholders(text.en))}")
    assert not wrong


def test_no_text_table_in_another_shape() -> None:
    """No module keeps texts of its own in the older shapes: a mapping keyed by the two
    languages (`{"ja": ..., "en": ...}`, as renderers' `TEXT` tables and games' `X[key][lang]`
    entries were). The tests' extra game is held to this too."""
    tables = []
    for _, path in shipped_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                # (a mapping by language *of* texts, such as each language's own name, is fine)
                of_texts = all(
                    isinstance(v, ast.Call) and getattr(v.func, "id", None) == "Text"
                    for v in node.values
                )
                if {"ja", "en"} <= keys and not of_texts:
                    tables.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not tables, f"texts outside the one shape: {tables}"
