"""Every text in one shape: each catalog is a TOML file of entries with both languages and the
same placeholders (a file that is not fails at import, naming the entry), every catalog name the
code reads exists, every one it declares is read, every call passes exactly the values its text
names, and the files ship with the package."""

from __future__ import annotations

import ast
import fnmatch
import importlib
import importlib.util
import itertools
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Literal, get_args, get_origin

import pytest

from games import registry
from games.core import OptionsRefused
from games.text import CatalogError, Text, load_catalog, placeholders

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
    """The catalog's public constants: the names that hold texts (those of its TOML file, and
    those its code builds from them)."""
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper() and not name.startswith("_") and any(True for _ in texts_in(value, name))
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


@pytest.mark.parametrize(
    ("toml", "error"),
    [
        ('HAND = { ja = "手札" }', r"HAND lacks en"),
        ('STEPS.draw = { en = "Draw" }', r"STEPS\.draw lacks ja"),
        ('HAND = { ja = "手札", en = "Hand", fr = "Main" }', r"HAND has keys other than.*'fr'"),
        ('HAND = { ja = "手札", en = 3 }', r"HAND: ja and en must both be strings"),
        ('COUNT = { ja = "{n}枚", en = "{count} cards" }', r"COUNT: .*different placeholders"),
        ("LIMIT = 3", r"LIMIT is 3, not a text"),
        ('OPTION_TEXT.x = [{ ja = "a", en = "b" }, { ja = "c" }]', r"OPTION_TEXT\.x\[1\] lacks en"),
        ('HAND = { ja = "手札", en = "Hand"', r"texts\.toml"),
    ],
)
def test_a_catalog_entry_out_of_shape_fails_at_import_naming_it(
    tmp_path: Path, toml: str, error: str
) -> None:
    """An entry that lacks a language, has a stray key, or whose languages name different
    placeholders stops the catalog's import with the file and the entry named."""
    (tmp_path / "texts.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(CatalogError, match=error) as raised:
        load_catalog(tmp_path / "texts.py")
    assert str(tmp_path / "texts.toml") in str(raised.value)


def test_a_catalog_module_whose_file_is_out_of_shape_does_not_import(tmp_path: Path) -> None:
    (tmp_path / "texts.py").write_text(
        "from games.text import load_catalog\n\nglobals().update(load_catalog(__file__))\n",
        encoding="utf-8",
    )
    (tmp_path / "texts.toml").write_text('WAIT = { ja = "{who}の番です。" }\n', encoding="utf-8")
    spec = importlib.util.spec_from_file_location("broken_texts", tmp_path / "texts.py")
    assert spec is not None and spec.loader is not None
    with pytest.raises(CatalogError, match="WAIT lacks en"):
        spec.loader.exec_module(importlib.util.module_from_spec(spec))


def test_a_catalog_reads_entries_tables_and_arrays_in_their_order(tmp_path: Path) -> None:
    (tmp_path / "texts.toml").write_text(
        r'''
HAND = { ja = "手札{n}枚", en = "hand {n}" }
STEPS.take = { ja = "取る", en = "take" }
STEPS.meld.ja = "役"
STEPS.meld.en = "meld"
LANGUAGES.ja = { ja = "日本語", en = "日本語" }
NONE = {}
RULES.en = """
Line one, \
continued.
Line two.
"""
RULES.ja = "一行目"

[[OPTION_TEXT.low]]
ja = "小さい札"
en = "Low"

[[OPTION_TEXT.low]]
ja = "説明"
en = "Description"
''',
        encoding="utf-8",
    )
    catalog = load_catalog(tmp_path / "texts.py")
    assert catalog["HAND"] == Text(ja="手札{n}枚", en="hand {n}")
    assert list(catalog["STEPS"]) == ["take", "meld"]
    assert catalog["STEPS"]["meld"]("en") == "meld"
    assert catalog["LANGUAGES"] == {"ja": Text(ja="日本語", en="日本語")}
    assert catalog["NONE"] == {}
    assert catalog["RULES"]("en") == "Line one, continued.\nLine two.\n"
    assert catalog["OPTION_TEXT"] == {
        "low": (Text(ja="小さい札", en="Low"), Text(ja="説明", en="Description"))
    }


@pytest.mark.parametrize("module", catalog_modules())
def test_every_name_of_a_catalog_file_is_a_name_of_its_module(module: str) -> None:
    """The module reads its file and makes each of its top-level names its own, holding the
    same texts (a mapping keyed by numbers may turn its keys back into numbers)."""
    catalog = importlib.import_module(module)
    assert catalog.__file__ is not None
    for name, value in load_catalog(catalog.__file__).items():
        assert hasattr(catalog, name), f"{module} does not expose {name}"
        loaded = [text for _, text in texts_in(value, name)]
        exposed = [text for _, text in texts_in(getattr(catalog, name), name)]
        assert exposed == loaded, f"{module}.{name}"


def test_every_shipped_catalog_file_ships_with_the_package() -> None:
    """A non-editable install (the Dockerfile's `pip install .`) carries only the package data
    `pyproject.toml` names: every shipped module's catalog file is among it."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data: dict[str, list[str]] = pyproject["tool"]["setuptools"]["package-data"]
    files = sorted(
        path.relative_to(ROOT) for folder in SHIPPED for path in (ROOT / folder).rglob("*.toml")
    )
    catalogs = {Path(f"{module.replace('.', '/')}.toml") for module in catalog_modules()}
    shipped = {path for path in catalogs if path.parts[0] in SHIPPED}
    assert len(shipped) == len(catalogs) - 1 and shipped <= set(files)  # all but the tests' game
    unshipped = [
        str(path)
        for path in files
        if not any(
            fnmatch.fnmatch(str(path.relative_to(package)), pattern)
            for package, patterns in package_data.items()
            if path.is_relative_to(package)
            for pattern in patterns
        )
    ]
    assert not unshipped, f"catalog files left out of the package data: {unshipped}"


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


#: A points unit right after a plain placeholder ("{n} pts"): "1 pts" for a count of one.
UNCOUNTED_POINTS = re.compile(r"\{\w+\}\s*(?:pts?|points?)\b")


@pytest.mark.parametrize("module", catalog_modules())
def test_every_english_points_count_takes_its_number(module: str) -> None:
    """A points count in English is written as a counted placeholder (`{n:# pt|# pts}`), so
    one reads "1 pt" and any other number "pts"."""
    uncounted = [
        f"{where}: {text.en}"
        for name, value in entries(importlib.import_module(module)).items()
        for where, text in texts_in(value, name)
        if UNCOUNTED_POINTS.search(text.en)
    ]
    assert not uncounted, uncounted


def option_settings(game: Any) -> Iterator[dict[str, Any]]:
    """Every combination of a game's option values (switches both ways, each choice)."""
    fields = game.Options.model_fields
    values = [
        get_args(info.annotation) if get_origin(info.annotation) is Literal else (False, True)
        for info in fields.values()
    ]
    for combination in itertools.product(*values):
        yield dict(zip(fields, combination, strict=True))


def test_every_options_refusal_is_a_translated_reason() -> None:
    """A game that refuses options for a player count says why with a reason code its catalog
    translates (the lobby's answer), never with engine text."""
    refused = []
    for game in registry.all():
        for players in game.player_counts:
            for options in option_settings(game):
                try:
                    game.new(players, seed=1, options=game.options(options))
                except OptionsRefused as refusal:
                    assert refusal.reason in game.texts.REASONS, (game.id, refusal.reason)
                    refused.append((game.id, players, refusal.reason))
    assert ("kasane", 4, "variant_a_player_count") in refused


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
    """No module keeps texts of its own in code: no mapping keyed by the two languages
    (`{"ja": ..., "en": ...}`, as renderers' `TEXT` tables and games' `X[key][lang]` entries
    were), and no `Text(ja=..., en=...)` written out: texts are entries of the catalogs' TOML
    files. The tests' extra game is held to this too."""
    tables = []
    for module, path in shipped_sources():
        if module == "games.text":  # the loader, which makes every `Text`
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if {"ja", "en"} <= keys:
                    tables.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Text"
                and {"ja", "en"} & {k.arg for k in node.keywords}
            ):
                tables.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not tables, f"texts outside the one shape: {tables}"
