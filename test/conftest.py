"""Fixtures the Python tests share."""

import pytest

import ns3_contrib_suite as suite


@pytest.fixture(scope="module")
def ns():
    """ns-3 with the suite's modules, loaded once per test file (the import takes ~10 s)."""
    return suite.load()


@pytest.fixture(scope="module")
def cb(ns):
    """The suite's Python adapters for C++ callbacks (ns3_contrib_suite.callbacks)."""
    return suite.callbacks()
