"""Every module's test/examples-to-run.py is what ns-3's own test.py can
read: it finds the line that names cpp_examples (or python_examples) and
evaluates the text after its "=" up to the closing bracket, so the lists must
be literals, with no name defined elsewhere in the file (a helper function
there breaks ns-3's test.py for every module of the tree)."""

import ast

import pytest

from figures_lib.paths import ROOT
LISTS = sorted(ROOT.glob("contrib/*/test/examples-to-run.py"))


@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.parts[-3])
def test_example_lists_are_literals(path):
    tree = ast.parse(path.read_text())
    found = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            name = getattr(node.targets[0], "id", None)
            if name in ("cpp_examples", "python_examples"):
                found.add(name)
                value = ast.literal_eval(node.value)  # raises on anything but a literal
                width = 3 if name == "cpp_examples" else 2
                assert all(isinstance(t, tuple) and len(t) == width for t in value), name
    assert found == {"cpp_examples", "python_examples"}, f"{path}: {found}"
