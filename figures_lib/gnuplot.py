"""Running gnuplot: the PNG terminal to use, and running a script."""

import functools
import shutil
import subprocess


@functools.lru_cache(maxsize=None)
def png_terminal():
    """'pngcairo' if this gnuplot has it, else 'png'; None without gnuplot."""
    if not shutil.which("gnuplot"):
        return None
    proc = subprocess.run(
        ["gnuplot", "-e", "set terminal"], capture_output=True, text=True, check=False
    )
    terminals = {line.split()[0] for line in (proc.stdout + proc.stderr).splitlines() if line.strip()}
    return "pngcairo" if "pngcairo" in terminals else "png"


def run(script, cwd):
    """Run the gnuplot script (a path) in cwd; returns an error text or ''."""
    if png_terminal() is None:
        return "gnuplot not found; the .gp script was written but not run"
    proc = subprocess.run(
        ["gnuplot", script.name], cwd=cwd, capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        return f"gnuplot {script.name} failed:\n{proc.stderr.strip()}"
    return ""
