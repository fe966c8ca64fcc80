"""Building blocks of ./figures.py: the experiment registry, the point cache,
the Dask runner, statistics, CSV and gnuplot helpers.

Each paper table or figure is an Experiment (see registry.py) in
figures_lib/experiments/; importing figures_lib.experiments registers them all.
"""
