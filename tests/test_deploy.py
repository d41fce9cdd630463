"""deploy/ and the install: the systemd units parse (``systemd-analyze verify`` where there is one), the configuration keys
the udev README names are ones the configuration accepts, every example configuration loads, and the lock file the
room's machines install from pins every runtime dependency of pyproject.toml at a version inside its range."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from dealer_console.config import load_settings

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
UNITS = sorted([*(DEPLOY / "systemd").glob("*.service"), *(DEPLOY / "systemd").glob("*.timer")])


def _lock_pins() -> dict[str, tuple[str, list[str]]]:
    """Each package of requirements.lock: its pinned version and its hashes."""
    pins: dict[str, tuple[str, list[str]]] = {}
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        found = re.match(r"([A-Za-z0-9._-]+)==([^\s\\;]+)", block)
        if found:
            pins[canonicalize_name(found[1])] = (found[2], re.findall(r"--hash=sha256:([0-9a-f]{64})", block))
    return pins


def test_the_lock_pins_every_runtime_dependency_inside_its_range_with_hashes() -> None:
    """The room's machines install the versions the lock names (deploy/README.md, part 1): each of pyproject.toml's
    dependencies is there, at a version its range allows, with the hashes pip checks."""
    dependencies = [Requirement(line) for line in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]]
    pins = _lock_pins()
    assert len(pins) >= len(dependencies)
    for requirement in dependencies:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in requirements.lock"
        version, hashes = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), f"{requirement.name}=={version} is outside {requirement.specifier}"
        assert hashes, f"{requirement.name} has no hash in requirements.lock"
    for name, (version, hashes) in pins.items():
        assert hashes, f"{name}=={version} has no hash"


def _verify_units(units: list[Path], folder: Path) -> subprocess.CompletedProcess[str]:
    """``systemd-analyze verify`` on copies of ``units`` whose programs (not installed here) are a stub script."""
    stub = folder / "stub"
    stub.write_text("#!/bin/sh\n", encoding="utf-8")
    stub.chmod(0o755)
    copies = []
    for unit in units:
        text = re.sub(r"^(Exec\w*=[-@:+!]*)(/usr/bin/cage|/opt/dealer-console/\S+)", rf"\g<1>{stub}", unit.read_text(encoding="utf-8"),
                      flags=re.MULTILINE)
        copy = folder / unit.name
        copy.write_text(text, encoding="utf-8")
        copies.append(str(copy))
    return subprocess.run(["systemd-analyze", "verify", "--man=no", *copies], capture_output=True, text=True, timeout=60)


def _unit_problems(done: subprocess.CompletedProcess[str], folder: Path) -> list[str]:
    return [line for line in (done.stdout + done.stderr).splitlines() if str(folder) in line or "not executable" in line]


@pytest.fixture
def systemd_analyze() -> str:
    found = shutil.which("systemd-analyze")
    if found is None:
        pytest.skip("systemd-analyze is not installed here (Debian: package systemd); the units are checked where it is")
    return found


def test_the_systemd_units_parse_without_a_warning(systemd_analyze: str, tmp_path: Path) -> None:
    """Every unit of deploy/systemd: no unknown key, no value systemd cannot parse (a planted one is seen first)."""
    planted = tmp_path / "planted"
    planted.mkdir()
    broken = planted / "broken.service"
    broken.write_text("[Unit]\nDescription=x\n[Service]\nType=bogus\nExecStart=/opt/dealer-console/.venv/bin/python\n", encoding="utf-8")
    assert _unit_problems(_verify_units([broken], planted), planted), "the check sees no planted problem"
    done = _verify_units(UNITS, tmp_path)
    assert done.returncode == 0 and not _unit_problems(done, tmp_path), done.stdout + done.stderr


def _unit(name: str) -> dict[str, list[str]]:
    """A unit's ``Key=value`` lines (comments left out), each key's values in order."""
    keys: dict[str, list[str]] = {}
    for line in (DEPLOY / "systemd" / name).read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.lstrip().startswith(("#", ";")):
            key, _, value = line.partition("=")
            keys.setdefault(key.strip(), []).append(value.strip())
    return keys


def test_the_console_does_not_pull_in_the_shipper_and_the_shipper_runs_without_room_env() -> None:
    """A stand-alone table runs no shipper (deploy/README.md, part 1); the card room's table enables it itself (part 3).
    The shipper's EnvironmentFile is optional (``-``): its settings may come from the configuration's [room] instead."""
    console = _unit("dealer-console.service")
    assert not any("dealer-shipper" in value for key in ("Wants", "Requires", "BindsTo") for value in console.get(key, []))
    assert console["WantedBy"] == ["graphical.target"]
    shipper = _unit("dealer-shipper.service")
    assert shipper["EnvironmentFile"] and all(value.startswith("-") for value in shipper["EnvironmentFile"])
    assert shipper["ExecStart"] == ["/opt/dealer-console/.venv/bin/dealer-console room ship"]
    readme = (DEPLOY / "README.md").read_text(encoding="utf-8")
    assert "systemctl set-default graphical.target" in readme
    assert "systemctl enable --now dealer-shipper" in readme


def _toml_blocks(markdown: Path) -> list[str]:
    return re.findall(r"```toml\n(.*?)```", markdown.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_udev_readmes_configuration_is_accepted_by_the_loader(tmp_path: Path) -> None:
    """deploy/udev/README.md names the boards' ports with keys the configuration takes: zones and the button board."""
    blocks = _toml_blocks(DEPLOY / "udev" / "README.md")
    assert blocks, "the udev README shows its configuration as a TOML block"
    config = tmp_path / "config.toml"
    config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path}"\n' + "\n".join(blocks), encoding="utf-8")
    devices = load_settings(config, environ={}).devices
    assert devices.sensors == "/dev/sensor-zones" and devices.button_sensor == "/dev/sensor-button"
    rules = (DEPLOY / "udev" / "99-dealer-sensors.rules").read_text(encoding="utf-8")
    for link in re.findall(r'SYMLINK\+="(sensor-[a-z]+)"', rules):
        assert f"/dev/{link}" in (devices.sensors, devices.button_sensor), f"/dev/{link} made by the udev rules is not configurable"


def _environment_file(path: Path) -> dict[str, str]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    return dict(line.split("=", 1) for line in lines)


@pytest.mark.parametrize("example", ["one-table/config.toml", "card-room/console-config.toml"])
def test_the_example_configurations_load(example: str) -> None:
    """deploy/examples: each loads (with the card room's room.env as its environment), and its table can deal."""
    environ = _environment_file(DEPLOY / "examples" / "card-room" / "room.env") if example.startswith("card-room") else {}
    settings = load_settings(DEPLOY / "examples" / example, environ=environ)
    assert settings.table_config().seat_count == settings.table.seats
    if environ:
        assert settings.room.table_id == 7 and settings.room.server_url is not None
        assert "sslmode=verify-full" in settings.room.server_url and "sslrootcert=/etc/dealer-console/cardroom-ca.crt" in settings.room.server_url


def test_the_configuration_example_in_the_help_loads(tmp_path: Path) -> None:
    from dealer_console.config import EXAMPLE

    config = tmp_path / "config.toml"
    config.write_text(EXAMPLE, encoding="utf-8")
    assert load_settings(config, environ={}).devices.button_sensor == "/dev/sensor-button"


@pytest.mark.parametrize("value", ["simulator", " "])
def test_a_button_board_that_is_not_a_port_is_refused_in_one_line(value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer_console.config import ConfigError

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no user's config.toml
    with pytest.raises(ConfigError, match=r"devices\.button_sensor \(from DEALER_DEVICES_BUTTON_SENSOR\): the button board is"):
        load_settings(environ={"DEALER_DEVICES_BUTTON_SENSOR": value})
