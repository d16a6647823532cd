"""The layer rules of ARCHITECTURE.md, read from the source with `ast`.

A module may import from its own package and from packages in a lower layer only, and
every edge must be a plain `import` a reader (and this test) can see: no module loaded
from a string, no `module:function` registry, no `ImportError` fallback.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# Lowest first. A dotted entry is a module that sits in its own layer: the dispatcher
# runs every strategy, the iterative agent included, so it sits above agents/.
LAYERS = [
    "finrag",
    "loaders",
    "indexing",
    "retrieval",
    "answering",
    "strategies",
    "agents",
    "strategies.dispatch",
    "samples",
    "flows",
    "eval",
    "cli",
]
_REGISTRY_STRING = re.compile(rf"^(?:{'|'.join(p for p in LAYERS if '.' not in p)})(?:\.\w+)+:\w+$")


def layer_of(module: str) -> int | None:
    """Index in LAYERS of the longest entry that is `module` or a package above it."""
    best: tuple[int, int] | None = None
    for index, entry in enumerate(LAYERS):
        if module == entry or module.startswith(entry + "."):
            length = entry.count(".")
            if best is None or length > best[0]:
                best = (length, index)
    return None if best is None else best[1]


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        # `from strategies import direct` imports strategies.direct
        return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    return []


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError") for n in names)


def violations(root: Path = REPO) -> list[str]:
    """Every upward or hidden import edge in the packages of LAYERS under `root`."""
    found: list[str] = []
    packages = [p for p in LAYERS if "." not in p]
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            module = _module_name(root, path)
            own = layer_of(module)
            where = f"{path.relative_to(root)}"
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                for target in _imported(node):
                    layer = layer_of(target)
                    if layer is not None and own is not None and layer > own:
                        found.append(f"{where}:{node.lineno}: {module} imports {target} (a higher layer)")
                if isinstance(node, ast.Call):
                    func = node.func
                    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                    if name in ("import_module", "__import__"):
                        found.append(f"{where}:{node.lineno}: module loaded from a string ({name})")
                if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers if h.type):
                    found.append(f"{where}:{node.lineno}: ImportError fallback")
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and _REGISTRY_STRING.match(node.value):
                    found.append(f"{where}:{node.lineno}: string registry entry {node.value!r}")
    return sorted(set(found))


def test_imports_point_down_the_layers_and_every_edge_is_a_plain_import():
    assert violations() == []


def test_every_package_in_the_tree_has_a_layer_and_is_shipped():
    packages = {p.parent.name for p in REPO.glob("*/__init__.py")} - {"tests"}
    assert packages <= set(LAYERS), sorted(packages - set(LAYERS))
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = {pattern.rstrip("*") for pattern in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert packages <= shipped, sorted(packages - shipped)  # else `finrag` cannot import them when installed


def test_the_rules_catch_each_kind_of_bad_edge(tmp_path):
    (tmp_path / "finrag").mkdir()
    (tmp_path / "strategies").mkdir()
    (tmp_path / "finrag" / "bad.py").write_text(
        "import importlib\n"
        "from strategies.router import route\n"
        "try:\n    import flows.ingest\nexcept ImportError:\n    pass\n"
        "HANDLERS = {'x': 'flows.cli:main'}\n"
        "importlib.import_module('agents.iterative')\n"
    )
    (tmp_path / "strategies" / "dispatch.py").write_text("from agents.iterative import answer_iterative\n")
    (tmp_path / "strategies" / "direct.py").write_text("from agents.iterative import answer_iterative\n")
    found = "\n".join(violations(tmp_path))
    assert "finrag.bad imports strategies.router" in found
    assert "finrag.bad imports flows.ingest" in found
    assert "ImportError fallback" in found
    assert "string registry entry 'flows.cli:main'" in found
    assert "module loaded from a string (import_module)" in found
    assert "strategies.direct imports agents.iterative" in found  # only the dispatcher may
    assert "strategies.dispatch imports" not in found


def names_bound_twice(root: Path = REPO) -> list[str]:
    """Every module-level name a module of the packages binds twice (an assignment, a function or a class): the later
    binding silently replaces the earlier for every use, which is how a new pattern once took an older one's name."""
    found: list[str] = []
    for package in (p for p in LAYERS if "." not in p):
        for path in sorted((root / package).rglob("*.py")):
            bound: dict[str, int] = {}
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.Assign):
                    names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    names = [node.target.id]
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names = [node.name]
                else:
                    names = []
                for name in names:
                    if name in bound:
                        found.append(f"{path.relative_to(root)}:{node.lineno}: {name} (first bound at line {bound[name]})")
                    bound[name] = node.lineno
    return found


def test_no_module_binds_a_top_level_name_twice(tmp_path):
    assert names_bound_twice() == []
    (tmp_path / "finrag").mkdir()
    (tmp_path / "finrag" / "words.py").write_text('import re\n_WORDS = re.compile("a")\n_WORDS = re.compile("b")\n')
    assert names_bound_twice(tmp_path) == ["finrag/words.py:3: _WORDS (first bound at line 2)"]
