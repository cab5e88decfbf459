"""Find what server code uses that pipecat's deprecation registry marks, with :mod:`ast` only.

pipecat-ai keeps every deprecation in ``scripts/deprecations/deprecations.json`` (1.8.0-dev lists
390, all removed in 2.0.0); ``scripts/pipecat-data.ts`` ships it in ``python/pipecat-data.json``
with the class bases the matching below needs (pipecat is never imported). A use is:

- ``module``: an ``import`` or ``from`` of that module (or a module inside it);
- ``class`` / ``function``: a name imported from the registry's module, or from a package above it
  that re-exports it (``from pipecat.services.openai import X``), ``m.X`` of an imported module
  or name, and ``C.Nested`` of such a name;
- ``parameter``: a keyword argument of a call to such a name (``C(k=...)`` is ``C.k``;
  ``C.m(k=...)`` is ``C.m.k``), or of a method called on a variable assigned from ``C(...)``;
  ``C`` stands for every class of its ancestry (``classBases``), so ``TTSService.x`` is found in a
  call to any TTS service;
- ``method`` / ``property``: an attribute of such a variable (``tts.set_voice``);
- ``event``: a handler of such a variable (``@x.event_handler("on_...")``), for the entries
  :data:`MISFILED` corrects.

Fixes: a ``move`` (a module's new path) is fixable at ``from M import ...`` and ``import M as A``
(the module token is replaced; plain ``import M`` is not, since the code then spells ``M.`` at
each use). A ``rename`` gives one use per site, each with its fix: the name in the import
statement, and each later use of it in the file (``name`` or ``m.name``) unless imported under
another name (``as``), when only the import is rewritten.
"""

from __future__ import annotations

import ast
import re

#: Registry entries filed under the wrong subject, (subject, replacement) -> what is really
#: deprecated. pipecat's generator reads a ``.. deprecated::`` directive in a class docstring as the
#: class's own, so the two events AudioBufferProcessor's docstring deprecates in 1.8.0
#: (changelog/5329.deprecated.md; the class warns in ``add_event_handler``) are listed as the class.
#: An entry here is matched as ``x.event_handler("<event>")`` on an instance of the class instead.
MISFILED = {
    ("AudioBufferProcessor", "on_user_turn_audio"): "on_user_turn_audio_data",
    ("AudioBufferProcessor", "on_bot_turn_audio"): "on_bot_turn_audio_data",
}


def load_entries(data: dict) -> list[dict]:
    """The registry entries of a loaded ``pipecat-data.json``, :data:`MISFILED` ones corrected."""
    entries = []
    for e in data.get("deprecations", []):
        e = dict(e)
        event = MISFILED.get((e["subject"], e.get("replacement")))
        if event:
            e.update(kind="event", subject=f"{e['subject']}.{event}")
        entries.append(e)
    return entries


def ancestry(name: str, bases: dict[str, list[str]]) -> list[str]:
    """``name`` and every class above it in ``bases`` (breadth first, each once)."""
    seen = [name]
    for current in seen:
        for base in bases.get(current, []):
            if base not in seen:
                seen.append(base)
    return seen


def _exports(entry_module: str, imported_from: str) -> bool:
    """Whether a name imported from ``imported_from`` can be the registry's ``entry_module`` one."""
    return entry_module == imported_from or entry_module.startswith(imported_from + ".")


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: str, lines: list[str], entries: list[dict], bases: dict[str, list[str]]):
        self.path = path
        self.lines = lines
        self.entries = entries
        self.bases = bases
        self.names: dict[str, tuple[str, str]] = {}  # local name -> (module, dotted name)
        self.renamed: dict[str, dict] = {}  # local name -> rename entry (imported without `as`)
        self.instances: dict[str, tuple[str, str]] = {}  # variable -> (module, class) it was built from
        self.uses: list[dict] = []
        # A moved module re-exports its names from the new one (``pipecat.pipeline.task`` imports
        # ``PipelineTask`` from ``pipecat.pipeline.worker``): a name imported from the old path is
        # the new module's, and its own entries apply as well.
        self.moves = {
            e["subject"]: e["replacement"]
            for e in entries
            if e["kind"] == "module" and e.get("relation") == "move" and e.get("replacement")
        }

    def _moved(self, module: str) -> str:
        """``module`` with a moved module's old path replaced by its new one."""
        for old, new in self.moves.items():
            if module == old or module.startswith(old + "."):
                return new + module[len(old) :]
        return module

    def _report(self, node: ast.AST, entry: dict, fix: dict | None = None) -> None:
        use = {
            "path": self.path,
            "line": getattr(node, "lineno", 0),
            "subject": entry["subject"],
            "kind": entry["kind"],
            "deprecatedIn": entry["deprecated_in"],
            "removedIn": entry.get("removed_in", ""),
            "relation": entry.get("relation", "none"),
            "message": entry["message"],
        }
        if entry.get("replacement"):
            use["replacement"] = entry["replacement"]
        if fix:
            use["fix"] = fix
        if use not in self.uses:
            self.uses.append(use)

    def _module_column(self, node: ast.ImportFrom) -> int | None:
        """Column of the module token of ``from M import``, when on the statement's first line."""
        line = self.lines[node.lineno - 1] if node.lineno <= len(self.lines) else ""
        m = re.compile(r"from\s+").match(line, node.col_offset)
        return m.end() if m else None

    def _modules(self, node: ast.AST, module: str, column: int | None = None) -> None:
        for e in self.entries:
            if e["kind"] == "module" and (module == e["subject"] or module.startswith(e["subject"] + ".")):
                fix = None
                if e.get("relation") == "move" and e.get("replacement") and column is not None:
                    line = self.lines[node.lineno - 1]
                    if line[column : column + len(e["subject"])] == e["subject"]:
                        fix = {"relation": "move", "from": e["subject"], "to": e["replacement"], "column": column}
                self._report(node, e, fix)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            column = getattr(alias, "col_offset", None) if alias.asname else None
            self._modules(alias if hasattr(alias, "lineno") else node, alias.name, column)
            if alias.asname:
                self.names[alias.asname] = (alias.name, "")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            return
        module = node.module or ""
        self._modules(node, module, self._module_column(node))
        for alias in node.names:
            self._modules(node, f"{module}.{alias.name}")
            local = alias.asname or alias.name
            self.names[local] = (module, alias.name)
            self._named(alias if hasattr(alias, "lineno") else node, module, alias.name, local)

    def _resolve(self, node: ast.AST) -> tuple[str, str] | None:
        """(module, dotted name) of ``Name`` or ``Name.attr...`` rooted in an imported name."""
        if isinstance(node, ast.Name):
            return self.names.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._resolve(node.value)
            if base:
                module, dotted = base
                return (module, f"{dotted}.{node.attr}") if dotted else (module, node.attr)
        return None

    def _named(self, node: ast.AST, module: str, dotted: str, local: str | None = None) -> None:
        for e in self.entries:
            if (
                e["kind"] in ("class", "function")
                and e["subject"] == dotted
                and (_exports(e["module"], module) or _exports(e["module"], self._moved(module)))
            ):
                fix = None
                if e.get("relation") == "rename" and e.get("replacement") and "." not in dotted:
                    column = self._name_column(node, dotted)
                    if column is not None:
                        fix = {"relation": "rename", "from": dotted, "to": e["replacement"], "column": column}
                    if local == dotted:
                        self.renamed[local] = e
                self._report(node, e, fix)

    def _name_column(self, node: ast.AST, name: str) -> int | None:
        """Column of ``name`` at ``node``: an import alias, a Name, or the attribute of an Attribute."""
        line = self.lines[node.lineno - 1] if 0 < getattr(node, "lineno", 0) <= len(self.lines) else ""
        if isinstance(node, ast.Attribute):
            column = node.end_col_offset - len(name) if node.end_lineno == node.lineno else None
        else:
            column = node.col_offset
        return column if column is not None and line[column : column + len(name)] == name else None

    def visit_Name(self, node: ast.Name) -> None:
        entry = self.renamed.get(node.id)
        if entry:
            fix = {"relation": "rename", "from": node.id, "to": entry["replacement"], "column": node.col_offset}
            self._report(node, entry, fix)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        resolved = self._resolve(node)
        if resolved:
            self._named(node, *resolved)
        elif isinstance(node.value, ast.Name) and node.value.id in self.instances:
            _, cls = self.instances[node.value.id]
            for base in ancestry(cls.split(".")[0], self.bases):
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
        # A keyword is reported on its own line (``ast.keyword`` has one since Python 3.9).
        keywords = [(k, k.arg) for k in node.keywords if k.arg]
        resolved = self._resolve(node.func)
        if resolved:
            _, dotted = resolved
            head, _, rest = dotted.partition(".")
            for base in ancestry(head, self.bases):
                for kw, k in keywords:
                    self._match(kw, ("parameter",), ".".join(p for p in (base, rest, k) if p))
        elif isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            built = self.instances.get(node.func.value.id)
            if built:
                events = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                for base in ancestry(built[1].split(".")[0], self.bases):
                    for kw, k in keywords:
                        self._match(kw, ("parameter",), f"{base}.{node.func.attr}.{k}")
                    if node.func.attr in ("event_handler", "add_event_handler"):
                        for event in events:
                            self._match(node, ("event",), f"{base}.{event}")
        self.generic_visit(node)


def scan_deprecations(tree: ast.AST, path: str, source: str, entries: list[dict], bases: dict[str, list[str]]) -> list[dict]:
    """Every use of a deprecated subject in one parsed file, as ``DeprecatedUse`` dicts in line order.

    Args:
        tree: the file's module.
        path: its project-relative path (reported as is).
        source: its text (for the columns of fixes).
        entries: the registry (:func:`load_entries`).
        bases: ``classBases`` of ``pipecat-data.json``: class name -> its base class names.
    """
    if not entries:
        return []
    scanner = _Scanner(path, source.splitlines(), entries, bases)
    scanner.visit(tree)
    return sorted(scanner.uses, key=lambda u: u["line"])


def deprecation_line(use: dict) -> str:
    """One use as the runtime tier prints it: ``file:line: subject (kind, deprecated in V): message``."""
    return f"{use['path']}:{use['line']}: {use['subject']} ({use['kind']}, deprecated in {use['deprecatedIn']}): {use['message']}"
