"""Read a Pipecat project's server code with Python's own ``ast`` and print what it uses, as JSON.

The one reader of a project's server code for ``pipecat update``, ``pipecat doctor``, the deploy
preflight (through ``generators/app/code/reader.ts``) and the runtime tier's deprecation check
(``test/runtime/python/rt/main.py``). Standard library only: it never imports pipecat, so it runs
under any Python 3.10 or newer, with or without the project's environment.

Exit status: 0 with the reading on stdout; 2 for a malformed request; 3 when this Python is older
than 3.10 (``generators/app/code/python.ts`` then tries the next one).

Input, on stdin, one JSON document::

    {"files": {"server/bot.py": "<source>", ...}, "data": "/path/to/pipecat-data.json"}

``data`` (optional) is ``python/pipecat-data.json`` (``scripts/pipecat-data.ts``): pipecat's
deprecation registry and the class bases its matching needs. Output, on stdout, one JSON document
shaped as ``CodeReading`` (``generators/app/code/types.ts``, camelCase keys): ``files``, ``env``,
``imports``, ``transports`` and ``deprecations``.

What each part means:

- ``env``: ``os.getenv("X")``, ``os.environ.get("X")``, ``os.environ["X"]`` (read, not assigned)
  and the same after ``from os import getenv, environ`` (any ``as`` name). ``required`` is true for
  ``environ[...]`` and for a read given straight to a call of a function named ``required``; false
  otherwise (a default, or a value that may be None). Reads of a name that is not a string literal
  are not reported.
- ``imports``: every ``import``/``from`` (inside functions too). ``stdlib`` from
  ``sys.stdlib_module_names``; ``local`` for a relative import (its module keeps the leading dots,
  e.g. ``.utils``) or when the top module is a ``.py`` file or a package folder beside the
  importing file among the files given.
- ``transports``: the string keys of the dict given to ``create_transport`` as its second argument
  or ``transport_params=``: a dict literal, or a name assigned a dict literal in the same function
  (else at module level); ``video`` when that key's params factory sets ``video_in_enabled=True``
  or ``video_out_enabled=True``.
- ``files``: each file given, with ``markers`` (lines starting ``<<<<<<< ``, ``|||||||``,
  ``=======`` alone, ``>>>>>>> ``) and ``error`` (``SyntaxError`` line and message; nothing else is
  read from such a file).
- ``deprecations``: see ``pipecat_deprecations.py``.
"""

import sys

if sys.version_info < (3, 10):  # before anything newer is compiled: the caller tries the next Python
    sys.stderr.write("pipecat_reader: needs Python 3.10 or newer\n")
    sys.exit(3)

import ast  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pipecat_deprecations import load_entries, scan_deprecations  # noqa: E402

MARKER_PREFIXES = ("<<<<<<< ", "||||||| ", ">>>>>>> ")
MARKER_LINES = ("<<<<<<<", "|||||||", "=======", ">>>>>>>")


def conflict_markers(source: str) -> list[int]:
    """1-based lines of ``source`` that hold a merge conflict marker at their start."""
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        bare = line.rstrip("\r\n \t")
        if bare in MARKER_LINES or line.startswith(MARKER_PREFIXES):
            found.append(number)
    return found


class _OsNames:
    """The local names under which a file reaches ``os``, ``os.getenv`` and ``os.environ``."""

    def __init__(self, tree: ast.AST):
        self.os: set[str] = set()
        self.getenv: set[str] = set()
        self.environ: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "os":
                        self.os.add(alias.asname or "os")
            elif isinstance(node, ast.ImportFrom) and node.module == "os" and not node.level:
                for alias in node.names:
                    if alias.name == "getenv":
                        self.getenv.add(alias.asname or alias.name)
                    elif alias.name == "environ":
                        self.environ.add(alias.asname or alias.name)

    def is_environ(self, node: ast.AST) -> bool:
        """``os.environ`` or an imported ``environ``."""
        if isinstance(node, ast.Name):
            return node.id in self.environ
        return isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name) and node.value.id in self.os

    def is_getenv(self, func: ast.AST) -> bool:
        """``os.getenv``, an imported ``getenv``, or ``<environ>.get``."""
        if isinstance(func, ast.Name):
            return func.id in self.getenv
        if isinstance(func, ast.Attribute):
            if func.attr == "getenv" and isinstance(func.value, ast.Name) and func.value.id in self.os:
                return True
            return func.attr == "get" and self.is_environ(func.value)
        return False


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def env_reads(tree: ast.AST, path: str) -> list[dict]:
    """Every read of an environment variable by literal name in ``tree``, in source order."""
    names = _OsNames(tree)
    required_args: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name == "required":
                required_args.update(id(a) for a in node.args)
                required_args.update(id(k.value) for k in node.keywords)
    reads = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and names.is_getenv(node.func) and node.args:
            name = _literal(node.args[0])
            if name is not None:
                reads.append({"path": path, "line": node.lineno, "col": node.col_offset, "name": name, "required": id(node) in required_args})
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and names.is_environ(node.value):
            name = _literal(node.slice)
            if name is not None:
                reads.append({"path": path, "line": node.lineno, "col": node.col_offset, "name": name, "required": True})
    reads.sort(key=lambda r: (r["line"], r.pop("col")))
    return reads


def _is_local(top: str, path: str, paths: set[str]) -> bool:
    folder = os.path.dirname(path)
    prefix = f"{folder}/{top}" if folder else top
    return f"{prefix}.py" in paths or any(p.startswith(prefix + "/") for p in paths)


def imports_of(tree: ast.AST, path: str, paths: set[str]) -> list[dict]:
    """Every import statement's module in ``tree``, one entry per module, in source order."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((node, alias.name, []))
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            found.append((node, module, [a.name for a in node.names]))
    found.sort(key=lambda f: (f[0].lineno, f[0].col_offset))
    result = []
    for node, module, names in found:
        top = module.split(".")[0]
        relative = module.startswith(".")
        result.append({
            "path": path,
            "line": node.lineno,
            "module": module,
            "names": names,
            "stdlib": not relative and top in sys.stdlib_module_names,
            "local": relative or _is_local(top, path, paths),
        })
    return result


def _is_create_transport(func: ast.AST) -> bool:
    return (isinstance(func, ast.Name) and func.id == "create_transport") or (isinstance(func, ast.Attribute) and func.attr == "create_transport")


def _dict_assignments(body: list[ast.stmt]) -> dict[str, ast.Dict]:
    """Names assigned a dict literal among ``body``'s statements (not inside nested functions)."""
    found: dict[str, ast.Dict] = {}
    stack = list(body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Dict) and isinstance(node.target, ast.Name):
            found[node.target.id] = node.value
        stack.extend(ast.iter_child_nodes(node))
    return found


def _enables_video(factory: ast.AST | None) -> bool:
    """Whether a params factory (``lambda: XParams(...)`` or the call itself) sets
    ``video_in_enabled=True`` or ``video_out_enabled=True``."""
    call = factory.body if isinstance(factory, ast.Lambda) else factory
    return isinstance(call, ast.Call) and any(
        k.arg in ("video_in_enabled", "video_out_enabled") and isinstance(k.value, ast.Constant) and k.value.value is True for k in call.keywords
    )


def transport_keys(tree: ast.Module, path: str) -> list[dict]:
    """The string keys of the transport params given to ``create_transport`` calls in ``tree``."""
    module_dicts = _dict_assignments(tree.body)
    keys = []

    def visit(node: ast.AST, scope: dict[str, ast.Dict]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, {**scope, **_dict_assignments(child.body)})
                continue
            if isinstance(child, ast.Call) and _is_create_transport(child.func):
                params = child.args[1] if len(child.args) > 1 else next((k.value for k in child.keywords if k.arg == "transport_params"), None)
                if isinstance(params, ast.Name):
                    params = scope.get(params.id)
                if isinstance(params, ast.Dict):
                    for key, value in zip(params.keys, params.values):
                        if _literal(key) is not None:
                            use = {"path": path, "line": key.lineno, "key": key.value}
                            if _enables_video(value):
                                use["video"] = True
                            keys.append(use)
            visit(child, scope)

    visit(tree, module_dicts)
    keys.sort(key=lambda k: k["line"])
    return keys


def read(files: dict[str, str], data: dict | None) -> dict:
    """The ``CodeReading`` of ``files`` (project-relative path -> source), as a JSON-ready dict.

    Args:
        files: the sources, keyed by ``/``-separated project-relative path.
        data: the loaded ``pipecat-data.json`` (deprecations and class bases), or None to skip
            the deprecation check.
    """
    paths = set(files)
    entries = load_entries(data) if data else []
    bases = (data or {}).get("classBases", {})
    reading: dict[str, list] = {"files": [], "env": [], "imports": [], "transports": [], "deprecations": []}
    for path in sorted(files):
        source = files[path]
        entry: dict = {"path": path}
        markers = conflict_markers(source)
        if markers:
            entry["markers"] = markers
        try:
            tree = ast.parse(source, path)
        except SyntaxError as e:
            entry["error"] = {"line": e.lineno or 1, "message": e.msg}
            reading["files"].append(entry)
            continue
        except (ValueError, RecursionError, MemoryError) as e:  # a NUL byte; nesting too deep
            entry["error"] = {"line": 1, "message": str(e) or type(e).__name__}
            reading["files"].append(entry)
            continue
        try:
            found = (env_reads(tree, path), imports_of(tree, path, paths), transport_keys(tree, path), scan_deprecations(tree, path, source, entries, bases))
        except RecursionError:
            entry["error"] = {"line": 1, "message": "nested too deeply to read"}
            reading["files"].append(entry)
            continue
        reading["files"].append(entry)
        for key, items in zip(("env", "imports", "transports", "deprecations"), found):
            reading[key].extend(items)
    return reading


def main() -> int:
    """Read the request on stdin, print the reading on stdout; exit 2 on a malformed request."""
    try:
        request = json.load(sys.stdin)
        files = request["files"]
        if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
            raise ValueError("files must map paths to sources")
        data = None
        if request.get("data"):
            with open(request["data"], encoding="utf-8") as f:
                data = json.load(f)
    except (ValueError, KeyError, TypeError, OSError) as e:
        sys.stderr.write(f"pipecat_reader: bad request: {e}\n")
        return 2
    json.dump(read(files, data), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
