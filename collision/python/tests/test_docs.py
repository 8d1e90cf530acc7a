"""Every public function, class, method and property has a docstring, and the type stubs
ship with the package."""

import ast
import inspect
import pathlib

import convex_collision as cc


def test_every_public_name_has_a_docstring():
    missing = []
    for name in cc.__all__:
        obj = getattr(cc, name)
        if isinstance(obj, int):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if not (getattr(value, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attr}")
    assert not missing, f"no docstring: {missing}"


def test_stubs_ship_with_the_package():
    package = pathlib.Path(cc.__file__).parent
    assert (package / "py.typed").exists()
    stub = (package / "__init__.pyi").read_text()
    for name in cc.__all__:
        assert name in stub, f"{name} is not in the stubs"


def _stub_parameters(function):
    """(name, has a default, keyword-only) of each parameter of a stub's `def`."""
    args = function.args
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    out = [(a.arg, d is not None, False) for a, d in zip(positional, defaults)]
    out += [(a.arg, d is not None, True) for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return out


def _runtime_parameters(obj):
    """The same for the compiled function, method or constructor `obj`."""
    return [
        (p.name, p.default is not inspect.Parameter.empty, p.kind == p.KEYWORD_ONLY)
        for p in inspect.signature(obj).parameters.values()
    ]


def _decorated(function, name):
    return any(isinstance(d, ast.Name) and d.id == name for d in function.decorator_list)


def test_stub_signatures_are_the_runtime_signatures():
    # Every function, method, static method and constructor the stubs declare takes the
    # parameters the compiled module takes: the same names in the same order, the same
    # ones with defaults, the same keyword-only ones.
    stub = ast.parse((pathlib.Path(cc.__file__).parent / "__init__.pyi").read_text())
    pairs = []
    for node in stub.body:
        if isinstance(node, ast.FunctionDef) and node.name in cc.__all__:
            pairs.append((node.name, node, getattr(cc, node.name), False))
        if isinstance(node, ast.ClassDef) and node.name in cc.__all__:
            cls = getattr(cc, node.name)
            for item in node.body:
                if not isinstance(item, ast.FunctionDef) or _decorated(item, "property"):
                    continue
                if item.name == "__init__":
                    pairs.append((f"{node.name}()", item, cls, True))
                elif not item.name.startswith("__"):
                    pairs.append((f"{node.name}.{item.name}", item, getattr(cls, item.name), False))
    differ = []
    for name, declared, compiled, constructor in pairs:
        stubbed = _stub_parameters(declared)[1 if constructor else 0 :]
        if stubbed != _runtime_parameters(compiled):
            differ.append(f"{name}: stub {stubbed}, module {_runtime_parameters(compiled)}")
    assert len(pairs) >= 40
    assert not differ, "\n".join(differ)
