"""Request-body validation against Discord's official OpenAPI document.

The document is not part of the project. It is looked up in the environment variable
``DISCORD_OPENAPI_SPEC`` and otherwise in ``<repo>/../shared/discord-api-spec/openapi.json``.
When it cannot be found (or ``jsonschema`` is not installed, as in a plain install of the
package running the sandbox), schema checks are skipped (a warning says so once, unless asked
to be quiet) and only the explicit limits in :mod:`bot.sandbox.fakediscord.limits` are
enforced.

The spec is OpenAPI 3.1, i.e. JSON Schema 2020-12. The whole document is registered as one
``referencing`` resource so that ``#/components/...`` references resolve; one validator per
operation request body is built on first use and cached.
"""

from __future__ import annotations

import copy
import json
import os
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

try:
    import jsonschema
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012
except ImportError:  # only the test extra installs them; without them there are no schema checks
    jsonschema = None  # type: ignore[assignment]

__all__ = ["SchemaProblem", "SpecValidator", "find_spec_path", "load_spec_validator"]

ENV_VAR = "DISCORD_OPENAPI_SPEC"
_URI = "urn:discord-openapi"
_REPO_ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class SchemaProblem:
    """One reason a request body does not match the spec."""

    path: tuple[str | int, ...]
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "<body>"
        return f"{where}: {self.message}"


def find_spec_path() -> Path | None:
    """Where the OpenAPI document is, or ``None`` when it is absent.

    ``$DISCORD_OPENAPI_SPEC`` when set (even to a missing file), otherwise
    ``<repo>/../shared/discord-api-spec/openapi.json``.
    """
    env = os.environ.get(ENV_VAR)
    candidate = (
        Path(env) if env else _REPO_ROOT.parent / "shared" / "discord-api-spec" / "openapi.json"
    )
    return candidate if candidate.is_file() else None


def _relax(doc: dict[str, Any]) -> None:
    """Accept what Discord accepts although the published schema is stricter.

    * Snowflakes: the spec says "numeric string"; Discord also takes JSON integers and
      discord.py sends some ids as integers (``recipient_id``, ``message_reference``...).
    * ``default_member_permissions``: the spec says integer; Discord takes the permission
      bit set as a numeric string, which is what discord.py sends.
    """
    schemas = doc["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {
        "anyOf": [snowflake, {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}]
    }
    for name, schema in schemas.items():
        if not name.startswith("ApplicationCommand"):
            continue
        prop = schema.get("properties", {}).get("default_member_permissions")
        if prop is not None:
            schema["properties"]["default_member_permissions"] = {
                "anyOf": [prop, {"type": "string", "pattern": "^[0-9]{1,20}$"}]
            }


def _constants(branches: list[Any]) -> list[Any] | None:
    """The values of a union whose every branch is one named constant (an enum type such as
    ``ButtonStyleTypes``), or None."""
    if all(
        isinstance(branch, dict)
        and "const" in branch
        and set(branch) <= {"const", "title", "description"}
        for branch in branches
    ):
        return [branch["const"] for branch in branches]
    return None


def _tags(doc: dict[str, Any], branches: list[Any]) -> list[list[Any]] | None:
    """The ``type`` values of each branch of a tagged union (components, callbacks: each
    branch an object schema that requires ``type`` and allows values no other branch allows),
    or None."""
    schemas = doc["components"]["schemas"]
    tags: list[list[Any]] = []
    for branch in branches:
        ref = branch.get("$ref") if isinstance(branch, dict) and len(branch) == 1 else None
        if not isinstance(ref, str) or not ref.startswith("#/components/schemas/"):
            return None
        target = schemas.get(ref.removeprefix("#/components/schemas/"), {})
        if target.get("type") != "object" or "type" not in target.get("required", ()):
            return None
        tag = target.get("properties", {}).get("type", {})
        values = tag.get("enum", [tag["const"]] if "const" in tag else None)
        if not values:
            return None
        tags.append(list(values))
    every = [value for values in tags for value in values]
    return tags if len(every) == len({json.dumps(value) for value in every}) else None


def _quick_unions(doc: dict[str, Any]) -> None:
    """Rewrite two kinds of union so that ``jsonschema`` checks them without trying every
    branch, accepting and refusing exactly what the union does. A ``oneOf`` builds an error for
    each branch that does not match, so a button's style (six named constants), its type
    (twenty) and a row's components (six kinds) cost dozens of errors each, for every control
    of every request.

    * A union of named constants becomes ``enum`` of their values.
    * A tagged union (each branch an object that requires ``type``, with values no other
      branch has) becomes: ``type`` is one of all the values, and the branch whose values hold
      it applies (``if``/``then``).
    """

    def rewrite(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                rewrite(item)
            return
        if not isinstance(node, dict):
            return
        for union in ("oneOf", "anyOf"):
            branches = node.get(union)
            if not isinstance(branches, list) or len(branches) < 2:
                continue
            if (values := _constants(branches)) is not None:
                del node[union]
                node["enum"] = values
            elif (tags := _tags(doc, branches)) is not None:
                del node[union]
                node.setdefault("allOf", []).extend(
                    [
                        {
                            "properties": {"type": {"enum": [v for vs in tags for v in vs]}},
                            "required": ["type"],
                        },
                        *(
                            {
                                "if": {"properties": {"type": {"enum": values}}},
                                "then": branch,
                            }
                            for values, branch in zip(tags, branches, strict=True)
                        ),
                    ]
                )
        for value in node.values():
            rewrite(value)

    rewrite(doc)


def _absolutise_refs(node: Any) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#"):
                out[key] = _URI + value
            else:
                out[key] = _absolutise_refs(value)
        return out
    if isinstance(node, list):
        return [_absolutise_refs(v) for v in node]
    return node


def _leaf_errors(error: jsonschema.ValidationError) -> Iterator[jsonschema.ValidationError]:
    if error.context:
        for sub in error.context:
            yield from _leaf_errors(sub)
    else:
        yield error


def _is_discriminator_noise(error: jsonschema.ValidationError) -> bool:
    """Branch mismatches of a union: wrong ``type`` tag, or "not null" of a nullable union."""
    last = error.absolute_path[-1] if error.absolute_path else None
    if error.validator in ("enum", "const") and last == "type":
        return True
    return error.validator == "type" and error.validator_value == "null"


def _problems(errors: list[jsonschema.ValidationError]) -> list[SchemaProblem]:
    out: list[SchemaProblem] = []
    for error in errors:
        leaves = [e for e in _leaf_errors(error) if not _is_discriminator_noise(e)]
        if not leaves:
            leaves = [error]
        deepest = max(leaves, key=lambda e: len(e.absolute_path))
        out.append(SchemaProblem(tuple(deepest.absolute_path), deepest.message[:300]))
    return out


class SpecValidator:
    """Validates request bodies of the operations in Discord's OpenAPI document."""

    def __init__(self, document: dict[str, Any], source: str = "<memory>") -> None:
        self.source = source
        self._doc = copy.deepcopy(document)
        _relax(self._doc)
        _quick_unions(self._doc)
        resource = DRAFT202012.create_resource(self._doc)
        self._registry = Registry().with_resource(_URI, resource)
        self._cache: dict[tuple[str, str, str], jsonschema.Draft202012Validator | None] = {}

    @classmethod
    def from_file(cls, path: Path) -> SpecValidator:
        with path.open(encoding="utf-8") as fh:
            return cls(json.load(fh), source=str(path))

    def has_operation(self, method: str, spec_path: str) -> bool:
        return method.lower() in self._doc["paths"].get(spec_path, {})

    def _validator(
        self, method: str, spec_path: str, content_type: str
    ) -> jsonschema.Draft202012Validator | None:
        key = (method.lower(), spec_path, content_type)
        if key not in self._cache:
            operation = self._doc["paths"].get(spec_path, {}).get(method.lower())
            body = (operation or {}).get("requestBody")
            schema = None
            if body is not None:
                content = body.get("content", {})
                entry = content.get(content_type) or content.get("application/json")
                if entry is not None and "schema" in entry:
                    schema = _absolutise_refs(entry["schema"])
            self._cache[key] = (
                None
                if schema is None
                else jsonschema.Draft202012Validator(schema, registry=self._registry)
            )
        return self._cache[key]

    def validate(
        self,
        method: str,
        spec_path: str,
        body: Any,
        content_type: str = "application/json",
    ) -> list[SchemaProblem]:
        """Problems with ``body`` for the operation; empty when valid or when unknown."""
        operation = self._doc["paths"].get(spec_path, {}).get(method.lower())
        if operation is None:
            return [SchemaProblem((), f"no operation {method} {spec_path} in the spec")]
        validator = self._validator(method, spec_path, content_type)
        if validator is None:
            if body is not None and operation.get("requestBody") is None:
                return [SchemaProblem((), "this operation takes no request body")]
            return []
        if body is None:
            if operation["requestBody"].get("required"):
                return [SchemaProblem((), "a request body is required")]
            return []
        return _problems(list(validator.iter_errors(body)))


@cache
def _load(path: str | None) -> SpecValidator | None:
    if path is None:
        return None
    return SpecValidator.from_file(Path(path))


_warned = False


def load_spec_validator(*, quiet: bool = False) -> SpecValidator | None:
    """The shared validator, or ``None`` (with a one-time warning unless ``quiet``) when the
    spec or ``jsonschema`` is absent."""
    global _warned
    path = find_spec_path()
    if path is None or jsonschema is None:
        if not _warned and not quiet:
            _warned = True
            warnings.warn(
                "Discord OpenAPI spec or jsonschema not found (set DISCORD_OPENAPI_SPEC or provide "
                "../shared/discord-api-spec/openapi.json): request-body schema checks are "
                "skipped; explicit Discord limits are still enforced.",
                stacklevel=2,
            )
        return None
    return _load(str(path))
