"""Every public function, class, method and property has a docstring, and the type stubs
ship with the package."""

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
