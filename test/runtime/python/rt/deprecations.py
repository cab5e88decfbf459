"""Find what a generated server uses that pipecat's deprecation registry marks.

pipecat-ai keeps every deprecation in ``scripts/deprecations/deprecations.json`` (generated from the
``.. deprecated::`` directives and ``@deprecated`` decorators of its source; 1.8.0-dev lists 390, all
"removed in 2.0.0"). A generated project has no upper bound on pipecat-ai, so it must use none of
them. Run-time ``DeprecationWarning`` s catch only what a session executes and what pipecat warns
about; this reads the code instead, with :mod:`ast`:

- ``module``: an ``import`` or ``from`` of that module (or a module inside it);
- ``class`` / ``function``: a name imported from the registry's module, or from a package above it
  that re-exports it (``from pipecat.services.openai import X``), and ``C.Nested`` of such a name;
- ``parameter``: a keyword argument of a call to such a name (``C(k=...)`` is ``C.k``;
  ``C.m(k=...)`` is ``C.m.k``), or of a method called on a variable assigned from ``C(...)``; ``C``
  stands for every class of its method resolution order, so ``TTSService.x`` is found in a call to
  any TTS service;
- ``method`` / ``property``: an attribute of such a variable (``tts.set_voice``);
- an event handler of such a variable (``@buffer.event_handler("on_user_turn_audio_data")``), for
  the entries :data:`MISFILED` corrects.

Usage: ``python3 -m rt.deprecations REGISTRY FILE.py...`` (pipecat importable) prints one line per
use, ``file:line: subject (kind, deprecated in V): message``, and exits 1 when there is any.
"""

import ast
import importlib
import json
import sys
from dataclasses import dataclass


#: Registry entries filed under the wrong subject, (subject, replacement) -> what is really
#: deprecated. pipecat's generator reads a ``.. deprecated::`` directive in a class docstring as the
#: class's own, so the two events AudioBufferProcessor's docstring deprecates in 1.8.0
#: (changelog/5329.deprecated.md; the class warns in ``add_event_handler``) are listed as the class.
#: An entry here is matched as ``x.event_handler("<event>")`` on an instance of the class instead.
MISFILED = {
    ("AudioBufferProcessor", "on_user_turn_audio"): "on_user_turn_audio_data",
    ("AudioBufferProcessor", "on_bot_turn_audio"): "on_bot_turn_audio_data",
}


@dataclass(frozen=True)
class Use:
    """One use of a deprecated subject: where, what, and the registry's message."""

    path: str
    line: int
    subject: str
    kind: str
    deprecated_in: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.subject} ({self.kind}, deprecated in {self.deprecated_in}): {self.message}"


def _exports(entry_module: str, imported_from: str) -> bool:
    """Whether a name imported from ``imported_from`` can be the registry's ``entry_module`` one."""
    return entry_module == imported_from or entry_module.startswith(imported_from + ".")


def _mro_names(module: str, name: str) -> list[str]:
    """The class names of ``module.name``'s method resolution order (just ``name`` when it cannot be imported)."""
    try:
        obj = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
        return [c.__name__ for c in getattr(obj, "__mro__", (obj,))] or [name]
    except Exception:
        return [name]


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: str, entries: list[dict]):
        self.path = path
        self.entries = entries
        self.names: dict[str, tuple[str, str]] = {}  # local name -> (module, dotted name)
        self.instances: dict[str, tuple[str, str]] = {}  # variable -> (module, class) it was built from
        self.uses: list[Use] = []

    def _report(self, node: ast.AST, entry: dict) -> None:
        use = Use(self.path, getattr(node, "lineno", 0), entry["subject"], entry["kind"], entry["deprecated_in"], entry["message"])
        if use not in self.uses:
            self.uses.append(use)

    def _modules(self, node: ast.AST, module: str) -> None:
        for e in self.entries:
            if e["kind"] == "module" and (module == e["subject"] or module.startswith(e["subject"] + ".")):
                self._report(node, e)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._modules(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        self._modules(node, module)
        for alias in node.names:
            self._modules(node, f"{module}.{alias.name}")
            self.names[alias.asname or alias.name] = (module, alias.name)
            self._named(node, module, alias.name)

    def _resolve(self, node: ast.AST) -> tuple[str, str] | None:
        """(module, dotted name) of ``Name`` or ``Name.attr...`` rooted in an imported name."""
        if isinstance(node, ast.Name):
            return self.names.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._resolve(node.value)
            if base:
                return base[0], f"{base[1]}.{node.attr}"
        return None

    def _named(self, node: ast.AST, module: str, dotted: str) -> None:
        for e in self.entries:
            if e["kind"] in ("class", "function") and e["subject"] == dotted and _exports(e["module"], module):
                self._report(node, e)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        resolved = self._resolve(node)
        if resolved:
            self._named(node, *resolved)
        elif isinstance(node.value, ast.Name) and node.value.id in self.instances:
            module, cls = self.instances[node.value.id]
            for base in _mro_names(module, cls):
                self._match(node, ("method", "property"), f"{base}.{node.attr}")
        self.generic_visit(node)

    def _match(self, node: ast.AST, kinds: tuple[str, ...], subject: str) -> None:
        for e in self.entries:
            if e["kind"] in kinds and e["subject"] == subject:
                self._report(node, e)

    def visit_Assign(self, node: ast.Assign) -> None:
        if isinstance(node.value, ast.Call):
            built = self._resolve(node.value.func)
            for target in node.targets:
                if isinstance(target, ast.Name) and built:
                    self.instances[target.id] = built
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        keywords = [k.arg for k in node.keywords if k.arg]
        resolved = self._resolve(node.func)
        if resolved:
            module, dotted = resolved
            head, _, rest = dotted.partition(".")
            for base in _mro_names(module, head):
                for k in keywords:
                    self._match(node, ("parameter",), ".".join(p for p in (base, rest, k) if p))
        elif isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            built = self.instances.get(node.func.value.id)
            if built:
                events = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                for base in _mro_names(*built):
                    for k in keywords:
                        self._match(node, ("parameter",), f"{base}.{node.func.attr}.{k}")
                    if node.func.attr in ("event_handler", "add_event_handler"):
                        for event in events:
                            self._match(node, ("event",), f"{base}.{event}")
        self.generic_visit(node)


def scan(registry: str, paths: list[str]) -> list[Use]:
    """Every use of a deprecated subject in the Python files ``paths``.

    Args:
        registry: pipecat's ``scripts/deprecations/deprecations.json``.
        paths: Python source files.

    Returns:
        The uses, in file order.

    Raises:
        OSError, ValueError: the registry or a file cannot be read or parsed.
    """
    with open(registry, encoding="utf-8") as f:
        entries = json.load(f)["deprecations"]
    for e in entries:
        event = MISFILED.get((e["subject"], e.get("replacement")))
        if event:
            e.update(kind="event", subject=f"{e['subject']}.{event}")
    uses: list[Use] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        scanner = _Scanner(path, entries)
        scanner.visit(tree)
        uses.extend(scanner.uses)
    return uses


if __name__ == "__main__":
    found = scan(sys.argv[1], sys.argv[2:])
    for use in found:
        print(use)
    sys.exit(1 if found else 0)
