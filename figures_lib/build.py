"""Building the programs with ./ns3 build before a sweep."""

import subprocess

from .paths import ROOT


def build():
    """Run ./ns3 build; True on success."""
    print("Building: ./ns3 build", flush=True)
    proc = subprocess.run([str(ROOT / "ns3"), "build"], cwd=ROOT, check=False)
    return proc.returncode == 0
