"""Staff accounts from the command line: ``dealer-console staff list | add | unlock`` (issue 8: accounts and roles).

Sources: SPEC.md, Records and review ("Dealers and floor managers sign in (PIN or password, hashed)"); issue 8
("Accounts and roles: dealers and floor managers ... sign-in with lock-out after repeated failures"). SPEC is
silent on who creates accounts: as in a card room's systems, a floor manager does, and the very first account of a
store must be a floor manager so that somebody can let the others in.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dealer_console.cli import main
from dealer_console.store import Role, SignInError, Store


def staff(monkeypatch: pytest.MonkeyPatch, url: str, *args: str, typed: str = "") -> int:
    """Run ``dealer-console staff ...`` with ``typed`` as what is typed at its prompts (one answer a line)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(["--database", url, "staff", *args])


def test_the_first_account_is_a_floor_manager_who_then_adds_and_unlocks_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Only a floor manager adds or unlocks an account; PINs are kept hashed and asked twice; a locked dealer is
    listed as locked out until unlocked."""
    url = f"sqlite:///{tmp_path / 'staff.sqlite3'}"
    assert staff(monkeypatch, url, "list") == 0
    assert "no staff accounts yet" in capsys.readouterr().out
    assert staff(monkeypatch, url, "add", "Dana", typed="1111\n1111\n") == 2
    assert "the first account of a store is its floor manager" in capsys.readouterr().err
    assert staff(monkeypatch, url, "add", "Flo", "--role", "floor-manager", typed="floor-1\nfloor-1\n") == 0
    assert staff(monkeypatch, url, "add", "Dana", typed="Flo\nfloor-1\n1111\n1111\n") == 0
    assert "added Dana, dealer" in capsys.readouterr().out
    assert staff(monkeypatch, url, "add", "Eve", typed="Dana\n1111\n2222\n2222\n") == 2
    assert "only a floor manager may add an account; 'Dana' is a dealer" in capsys.readouterr().err
    assert staff(monkeypatch, url, "add", "Eve", typed="Flo\nfloor-1\n2222\n2223\n") == 2
    assert "the two PINs differ; nothing was added" in capsys.readouterr().err
    assert staff(monkeypatch, url, "add", "Eve", typed="Flo\nwrong\n") == 2
    assert "wrong PIN" in capsys.readouterr().err
    with Store.open(url) as store:
        listed = store.staff(by=store.sign_in("Flo", "floor-1"))
        assert [(account.name, account.role) for account in listed] == [("Dana", Role.DEALER), ("Flo", Role.FLOOR_MANAGER)]
        assert store.sign_in("Dana", "1111").role is Role.DEALER
        for _ in range(store.settings.sign_in_attempts):
            with pytest.raises(SignInError):
                store.sign_in("Dana", "0000")
    assert staff(monkeypatch, url, "list", typed="Flo\nfloor-1\n") == 0
    assert "Dana                     dealer         locked out" in capsys.readouterr().out
    assert staff(monkeypatch, url, "unlock", "Dana", typed="Dana\n1111\n") == 2
    assert staff(monkeypatch, url, "unlock", "Dana", typed="Flo\nfloor-1\n") == 0
    assert "Dana unlocked by Flo" in capsys.readouterr().out
    with Store.open(url) as store:
        assert store.sign_in("Dana", "1111").name == "Dana"
