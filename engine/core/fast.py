"""Building pydantic models from trusted values without validation, in one place.

A game's ``clone`` and its legal-action generator build many models per click; pydantic's own
``model_construct`` still walks the fields and their defaults, which costs several times more. So
this helper writes the instance slots directly. Those slots (``__dict__``,
``__pydantic_fields_set__``, ``__pydantic_extra__``, ``__pydantic_private__``) are pydantic
internals, and pydantic may move (``>=2.11,<3``): ``tests/engine/core/test_fast.py`` checks that
the result equals ``model_validate`` of the same values, so a change shows up there, not in a game.

Only for models without extra fields (``extra="allow"``) or private attributes, given every
field's value: nothing is checked, defaulted or copied.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_setattr = object.__setattr__


def trusted(cls: type[M], values: dict[str, Any], fields_set: Set[str]) -> M:
    """An instance of ``cls`` holding ``values`` (every field, already valid) as its fields.

    ``values`` becomes the instance's ``__dict__`` (not copied: the caller hands it over);
    ``fields_set`` is what ``model_fields_set`` reports (it decides ``exclude_unset`` dumps),
    usually the source instance's own when cloning. It is always copied into a plain ``set``:
    assigning a field of a mutable model adds to the instance's own set, and pydantic's serializer
    refuses anything but a ``set`` (a shared ``frozenset`` made ``model_dump(exclude_unset=True)``
    raise ``TypeError``; ``tests/engine/core/test_fast.py``)."""
    obj = object.__new__(cls)
    _setattr(obj, "__dict__", values)
    _setattr(obj, "__pydantic_fields_set__", set(fields_set))
    _setattr(obj, "__pydantic_extra__", None)
    _setattr(obj, "__pydantic_private__", None)
    return obj
