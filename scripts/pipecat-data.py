"""Build the facts about pipecat-ai that the server-code reader ships (python/pipecat-data.json).

Usage: ``python3 scripts/pipecat-data.py PIPECAT_ROOT`` (the folder holding ``pyproject.toml``,
``src/pipecat`` and ``scripts/deprecations/deprecations.json``) prints one JSON document on stdout
without ``pipecat`` (the version and commit, which ``scripts/pipecat-data.ts`` adds). Standard
library only (``ast``, ``tomllib``: Python 3.11+); pipecat is read, never imported.

- ``core`` / ``extras``: pipecat-ai's dependencies and optional dependencies as normalised dist
  names (PEP 503); an extra that names another (``pipecat-ai[daily]``) holds that one's dists.
- ``moduleExtras``: per pipecat module, the extras it needs when imported, through every
  pipecat-internal import at module level (and its parent packages' ``__init__``); imports inside
  ``if`` blocks (``TYPE_CHECKING``, ``is_tracing_available()``) are optional. A module needs
  an extra when: an ``except ImportError``/``ModuleNotFoundError`` handler that re-raises names it
  (pipecat's ``pip install pipecat-ai[X]`` / ``uv add "pipecat-ai[X]"`` messages); it imports, outside
  optional blocks and not covered by such a message, a third-party module that only that extra provides (the smallest extra
  providing the dist when several do, preferring one named in the module's path). Besides, a module
  in ``pipecat.services.X`` / ``pipecat.transports.X`` needs ``X`` when pipecat-ai declares ``X`` as
  an empty marker extra (``cartesia = []``): for that module only, not for modules importing it
  (an empty extra installs nothing). Modules needing none are left out.
- ``importNames``: dist -> import names, for the dists whose import name is not the dist name with
  ``-`` as ``_`` (:data:`IMPORT_NAMES`; dotted for namespace packages such as ``google.genai``).
- ``classBases``: class name -> base class names, for the classes whose ancestry reaches a class a
  registry subject names (all the deprecation matching needs).
- ``deprecations``: the registry entries, without ``location``.
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
import tomllib

#: Import names of the dists whose import name differs from the normalised dist name (``-`` as
#: ``_``). Data, from each project's own documentation.
IMPORT_NAMES = {
    "aic-sdk": ["aic"],
    "audioop-lts": ["audioop"],
    "aws-sdk-bedrock-runtime": ["aws_sdk_bedrock_runtime"],
    "azure-cognitiveservices-speech": ["azure.cognitiveservices.speech"],
    "camb-sdk": ["camb"],
    "daily-python": ["daily"],
    "deepgram-sdk": ["deepgram"],
    "google-cloud-speech": ["google.cloud.speech", "google.cloud.speech_v2"],
    "google-cloud-texttospeech": ["google.cloud.texttospeech", "google.cloud.texttospeech_v1"],
    "google-genai": ["google.genai"],
    "livekit-api": ["livekit.api"],
    "mcp": ["mcp"],
    "mem0ai": ["mem0"],
    "moonshine-voice": ["moonshine_voice"],
    "moq-rs": ["moq"],
    "nvidia-riva-client": ["riva"],
    "opencv-python-headless": ["cv2"],
    "opentelemetry-api": ["opentelemetry"],
    "opentelemetry-instrumentation": ["opentelemetry.instrumentation"],
    "opentelemetry-sdk": ["opentelemetry.sdk"],
    "pillow": ["PIL"],
    "piper-tts": ["piper"],
    "protobuf": ["google.protobuf"],
    "pygobject": ["gi"],
    "pyjwt": ["jwt"],
    "python-dotenv": ["dotenv"],
    "pyvips": ["pyvips"],
    "pyyaml": ["yaml"],
    "redis": ["redis"],
    "simli-ai": ["simli"],
    "speechmatics-voice": ["speechmatics"],
    "strands-agents": ["strands"],
}


def normalise(dist: str) -> str:
    """PEP 503 name of a requirement string's dist (``Pillow>=11`` -> ``pillow``)."""
    name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", dist).group(1)
    return re.sub(r"[-_.]+", "-", name).lower()


def dists(pyproject: dict) -> tuple[list[str], dict[str, list[str]]]:
    """(core dists, extra -> dists), self-references (``pipecat-ai[x]``) expanded."""
    project = pyproject["project"]
    core = sorted({normalise(d) for d in project["dependencies"]})
    raw = project.get("optional-dependencies", {})

    def expand(extra: str, seen: set[str]) -> set[str]:
        found: set[str] = set()
        for req in raw.get(extra, []):
            if normalise(req) == "pipecat-ai":
                for inner in re.search(r"\[([^\]]*)\]", req).group(1).split(","):
                    if inner.strip() not in seen:
                        found |= expand(inner.strip(), seen | {inner.strip()})
            else:
                found.add(normalise(req))
        return found

    return core, {extra: sorted(expand(extra, {extra})) for extra in sorted(raw)}


def import_names(dist: str) -> list[str]:
    """The import names of ``dist``."""
    return IMPORT_NAMES.get(dist, [dist.replace("-", "_")])


def _handler_catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = []
    for t in handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]:
        names.append(t.id if isinstance(t, ast.Name) else getattr(t, "attr", ""))
    return any(n in ("ImportError", "ModuleNotFoundError", "Exception") for n in names)


class ModuleFacts:
    """What one pipecat module imports at module level, and the extras its messages name."""

    def __init__(self, name: str, is_package: bool, tree: ast.Module):
        self.name = name
        self.package = name if is_package else name.rpartition(".")[0]
        self.imports: set[str] = set()  # absolute modules, required at import time
        self.covered: set[str] = set()  # third-party ones whose extra a message names
        self.message_extras: set[str] = set()
        self._statements(tree.body, False)

    def _statements(self, body: list[ast.stmt], covered: bool) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                self._import(node, covered)
            elif isinstance(node, ast.Try):
                handlers = [h for h in node.handlers if h.type is not None and _handler_catches_import_error(h)]
                reraises = any(isinstance(n, ast.Raise) for h in handlers for n in ast.walk(h))
                named = set()
                for h in handlers:
                    for n in ast.walk(h):
                        if isinstance(n, ast.Constant) and isinstance(n.value, str):
                            for group in re.findall(r"pipecat-ai\[([A-Za-z0-9_,-]+)\]", n.value):
                                named.update(group.split(","))
                if reraises or not handlers:
                    self.message_extras |= named
                    self._statements(node.body, covered or bool(named))
                self._statements(node.orelse + node.finalbody, covered)

    def _import(self, node: ast.Import | ast.ImportFrom, covered: bool) -> None:
        if isinstance(node, ast.Import):
            found = {a.name for a in node.names}
        else:
            if node.level:
                base = self.package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found = {module} | {f"{module}.{a.name}" for a in node.names if a.name != "*"}
        self.imports |= found
        if covered:
            self.covered |= found


def read_modules(src: str) -> dict[str, ModuleFacts]:
    """Every module under ``src/pipecat``, by dotted name."""
    modules = {}
    for folder, subdirs, files in os.walk(os.path.join(src, "pipecat")):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(folder, f)
            parts = os.path.relpath(path, src)[:-3].split(os.sep)
            is_package = parts[-1] == "__init__"
            name = ".".join(parts[:-1] if is_package else parts)
            with open(path, encoding="utf-8") as fh:
                modules[name] = ModuleFacts(name, is_package, ast.parse(fh.read(), path))
    return modules


def _third_party_extra(module: ModuleFacts, top: str, providers: dict[str, list[str]], core_names: list[str]) -> str | None:
    """The extra providing the third-party module ``top`` imported by ``module``, or None (core/unknown)."""
    def matches(name: str) -> bool:
        return top == name or top.startswith(name + ".")

    if any(matches(n) for n in core_names):
        return None
    candidates = [extras for name, extras in providers.items() if matches(name)]
    if not candidates:
        return None
    extras = min(candidates, key=len)
    parts = module.name.split(".")
    named = [e for e in extras if e.replace("-", "_") in parts]
    return named[0] if named else extras[0]


def module_extras(modules: dict[str, ModuleFacts], core: list[str], extras: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each module's extras, transitively through pipecat-internal imports (see the module doc)."""
    core_names = sorted({n for d in core for n in import_names(d)}, key=len, reverse=True)
    providers: dict[str, list[str]] = {}
    for extra, ds in extras.items():
        for d in ds:
            for n in import_names(d):
                providers.setdefault(n, []).append(extra)
    for name in providers:
        providers[name].sort(key=lambda e: (len(extras[e]), e))
    own: dict[str, set[str]] = {}
    markers: dict[str, str] = {}
    deps: dict[str, set[str]] = {}
    for name, m in modules.items():
        found = {e for e in m.message_extras if e in extras}
        parts = name.split(".")
        marker = parts[2].replace("_", "-") if len(parts) > 2 and parts[1] in ("services", "transports") else None
        if marker in extras and not extras[marker]:
            markers[name] = marker
        deps[name] = set()
        for imp in m.imports:
            if imp == "pipecat" or imp.startswith("pipecat."):
                mod = imp
                while mod and mod not in modules:
                    mod = mod.rpartition(".")[0]
                if mod:
                    deps[name].add(mod)
            elif imp not in m.covered:
                extra = _third_party_extra(m, imp, providers, core_names)
                if extra:
                    found.add(extra)
        parent = name.rpartition(".")[0]
        if parent in modules:
            deps[name].add(parent)
        own[name] = found
    result = {}
    for name in sorted(modules):
        seen, stack, total = {name}, [name], set()
        while stack:
            current = stack.pop()
            total |= own[current]
            for d in deps[current] - seen:
                seen.add(d)
                stack.append(d)
        total |= {markers[name]} if name in markers else set()
        if total:
            result[name] = sorted(total)
    return result


def class_bases(src: str, heads: set[str]) -> dict[str, list[str]]:
    """Bases of the classes whose ancestry reaches one of ``heads`` (by class name)."""
    bases: dict[str, list[str]] = {}
    for folder, subdirs, files in os.walk(os.path.join(src, "pipecat")):
        subdirs[:] = sorted(subdirs)
        for f in sorted(files):
            if f.endswith(".py"):
                with open(os.path.join(folder, f), encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                for node in ast.walk(tree):
                    if isinstance(node, ast.ClassDef):
                        names = bases.setdefault(node.name, [])
                        for b in node.bases:
                            b = b.value if isinstance(b, ast.Subscript) else b
                            n = b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else None
                            if n and n not in names and n != node.name:
                                names.append(n)
    reaches: dict[str, bool] = {}

    def reach(name: str, path: frozenset[str]) -> bool:
        if name in reaches:
            return reaches[name]
        result = name in heads or any(reach(b, path | {name}) for b in bases.get(name, []) if b not in path)
        reaches[name] = result
        return result

    keep = {n for n in bases if reach(n, frozenset())}
    return {n: [b for b in bases[n] if b in keep] for n in sorted(keep) if any(b in keep for b in bases[n])}


def main(root: str) -> None:
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        core, extras = dists(tomllib.load(f))
    with open(os.path.join(root, "scripts", "deprecations", "deprecations.json"), encoding="utf-8") as f:
        registry = json.load(f)["deprecations"]
    src = os.path.join(root, "src")
    heads = {e["subject"].split(".")[0] for e in registry if e["kind"] in ("parameter", "method", "property", "event", "class")}
    data = {
        "core": core,
        "extras": extras,
        "moduleExtras": module_extras(read_modules(src), core, extras),
        "importNames": {d: import_names(d) for d in sorted({*core, *(d for ds in extras.values() for d in ds)}) if d in IMPORT_NAMES},
        "classBases": class_bases(src, heads),
        "deprecations": [{k: v for k, v in e.items() if k != "location"} for e in registry],
    }
    json.dump(data, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
