"""The parameters a bot file sets around a video avatar, as JSON (test/avatar-examples.test.ts).

Usage: python3 avatar_params.py FILE CLASS
       python3 avatar_params.py --defaults SRC


Reads FILE with Python's own ``ast`` (never imports it) and prints one JSON object of scopes, each
a map from keyword to its value as ``ast.unparse`` writes it:

- ``daily``, ``webrtc``: the keyword arguments of the params call each key of the
  ``transport_params`` dict builds (``"daily": lambda: DailyParams(...)``);
- ``pipeline``: the keyword arguments of ``PipelineParams(...)``;
- ``service``: the keyword arguments of ``CLASS(...)`` (``**expr`` is the key ``**``);
- ``handler``: calls of ``update_publishing`` on the transport, keyed by method, the value being
  the unparsed arguments.

Both a generated bot.py and pipecat's own examples are read the same way, so their parameters
compare as text.

``--defaults SRC`` prints the field defaults of ``TransportParams``
(SRC/pipecat/transports/base_transport.py) and ``PipelineParams`` (SRC/pipecat/pipeline/worker.py)
as ``{"transport": {...}, "pipeline": {...}}``: what an absent keyword means.
"""

import ast
import json
import sys

TRANSPORT_KEYS = ("daily", "webrtc")
HANDLER_METHODS = ("update_publishing",)


def keywords(call: ast.Call) -> dict[str, str]:
    return {(k.arg if k.arg is not None else "**"): ast.unparse(k.value) for k in call.keywords}


def callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def read(path: str, cls: str) -> dict[str, dict[str, str]]:
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    out: dict[str, dict[str, str]] = {k: {} for k in (*TRANSPORT_KEYS, "pipeline", "service", "handler")}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "transport_params" for t in node.targets):
            if isinstance(node.value, ast.Dict):
                for key, value in zip(node.value.keys, node.value.values):
                    if isinstance(key, ast.Constant) and key.value in TRANSPORT_KEYS:
                        body = value.body if isinstance(value, ast.Lambda) else value
                        if isinstance(body, ast.Call):
                            out[key.value] = keywords(body)
        elif isinstance(node, ast.Call):
            name = callee(node)
            if name == "PipelineParams":
                out["pipeline"] = keywords(node)
            elif name == cls:
                out["service"] = keywords(node)
            elif name in HANDLER_METHODS:
                args = [ast.unparse(a) for a in node.args] + [f"{k}={v}" for k, v in keywords(node).items()]
                out["handler"][name] = ", ".join(args)
    return out


def defaults(src: str) -> dict[str, dict[str, str]]:
    out = {}
    for scope, rel, cls in (
        ("transport", "pipecat/transports/base_transport.py", "TransportParams"),
        ("pipeline", "pipecat/pipeline/worker.py", "PipelineParams"),
    ):
        tree = ast.parse(open(f"{src}/{rel}", encoding="utf-8").read())
        body = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls).body
        out[scope] = {
            n.target.id: ast.unparse(n.value)
            for n in body
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.value is not None
        }
    return out


if __name__ == "__main__":
    pairs = list(zip(sys.argv[1::2], sys.argv[2::2]))
    result = defaults(sys.argv[2]) if sys.argv[1] == "--defaults" else [read(f, c) for f, c in pairs]
    print(json.dumps(result, indent=1, sort_keys=True))
