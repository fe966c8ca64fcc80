"""Running gnuplot: the PNG terminal to use, and running a script, which
makes each PNG's vector twin (SVG, for papers) from the same script."""

import functools
import re
import shutil
import subprocess

_TERMINAL = re.compile(r"^set terminal (pngcairo|png) size (\d+),(\d+)(.*)$", re.MULTILINE)
_OUTPUT = re.compile(r'^(set output ["\'].*)\.png(["\'])', re.MULTILINE)


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


def terminal(size, font=10, utf8=False):
    """The script's terminal line(s) for a PNG of size "W,H": pngcairo with
    a Sans font where gnuplot has it (also when gnuplot is missing: the
    script is still written), else the plain png terminal."""
    if png_terminal() == "png":
        return f"set terminal png size {size} noenhanced"
    line = f'set terminal pngcairo size {size} noenhanced font "Sans,{font}"'
    return f"set encoding utf8\n{line}" if utf8 else line


def datablock(name, lines):
    """A named inline data block ($name) of the given text lines."""
    return f"${name} << EOD\n" + "\n".join(lines) + "\nEOD\n"


def svg_twin(text):
    """The script with the SVG terminal (same size and font) and .svg outputs."""

    def terminal(match):
        font = re.search(r'font "[^"]*"', match.group(4))
        return (f"set terminal svg size {match.group(2)},{match.group(3)} dynamic noenhanced"
                + (f" {font.group(0)}" if font else ""))  # fmt: skip

    return _OUTPUT.sub(r"\1.svg\2", _TERMINAL.sub(terminal, text))


def _gnuplot(args, cwd, stdin=None):
    return subprocess.run(
        ["gnuplot", *args], cwd=cwd, input=stdin, capture_output=True, text=True, check=False
    )


def run(script, cwd):
    """Run the gnuplot script (a path) in cwd, then its SVG twin (not
    written to disk as a script); returns an error text or ''."""
    if png_terminal() is None:
        return "gnuplot not found; the .gp script was written but not run"
    proc = _gnuplot([script.name], cwd)
    if proc.returncode != 0:
        return f"gnuplot {script.name} failed:\n{proc.stderr.strip()}"
    text = (cwd / script.name).read_text() if not script.is_absolute() else script.read_text()
    proc = _gnuplot(["-"], cwd, svg_twin(text))
    if proc.returncode != 0:
        return f"gnuplot {script.name} (SVG) failed:\n{proc.stderr.strip()}"
    return ""
