"""Opening the agreement and floor dialogs from the window (the menu, a key or a button): one at a time,
the floor's behind a floor sign-in."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog

from dealer_console.live.card_requests import CardRequest
from dealer_console.live.notices import Notice, NoticeLevel

if TYPE_CHECKING:
    from dealer_console.floor.facade import StaffMember
    from dealer_console.ui.main_window import DealerWindow


def _show(window: DealerWindow, dialog: QDialog) -> QDialog:
    if window.dialog is not None:
        window.dialog.close()
    window.dialog = dialog
    dialog.finished.connect(lambda _=0: setattr(window, "dialog", None) if window.dialog is dialog else None)
    dialog.setEnabled(not window.session.busy)
    dialog.open()
    return dialog


def with_floor(window: DealerWindow, purpose: str, then: Callable[[StaffMember], QDialog | None]) -> QDialog | None:
    """Ask a floor manager to sign in, then run ``then`` with them (it may open the next dialog)."""
    from dealer_console.ui.sign_in_dialog import SignInDialog

    if window.sign_in is None:
        window.post(Notice(NoticeLevel.ERROR, "A floor sign-in needs the staff records of the event store; this table records nothing"))
        return None
    dialog = SignInDialog(window.sign_in, floor=True, purpose=purpose, parent=window)

    def signed_in() -> None:
        assert dialog.member is not None
        window.dialog = None
        then(dialog.member)

    dialog.accepted.connect(signed_in)
    return _show(window, dialog)


def open_restraddle(window: DealerWindow) -> QDialog:
    """Straddle in one tap, then each player's yes or no to the re-straddle."""
    from dealer_console.ui.restraddle_dialog import RestraddleDialog

    return _show(window, RestraddleDialog(window.session, window))


def open_extra_boards(window: DealerWindow) -> QDialog:
    """Each pot's contenders and their choice of runs."""
    from dealer_console.ui.extra_boards_dialog import ExtraBoardsDialog

    return _show(window, ExtraBoardsDialog(window.session, window))


def open_card_entry(window: DealerWindow, request: CardRequest | None) -> QDialog | None:
    """The dealer names the cards of ``request`` (a street, or a hand shown) that no camera reads; ``None``: nothing to name."""
    from dealer_console.ui.card_entry_dialog import CardEntryDialog

    if request is None:
        return None
    return _show(window, CardEntryDialog(window.session, request, four_colour=window.four_colour, parent=window))


def open_mississippi(window: DealerWindow) -> QDialog | None:
    """A floor manager signs in, then authorizes and the button posts the Mississippi straddle."""
    from dealer_console.ui.mississippi_dialog import MississippiDialog

    return with_floor(window, QCoreApplication.translate("DealerWindow", "A Mississippi straddle needs a floor manager's authorization."),
                      lambda member: _show(window, MississippiDialog(window.session, member.name, window)))


def open_table_settings(window: DealerWindow) -> QDialog | None:
    """A floor manager signs in, then changes the table's standing agreements."""
    from dealer_console.ui.table_settings_dialog import TableSettingsDialog

    return with_floor(window, QCoreApplication.translate("DealerWindow", "Table settings are the floor's."),
                      lambda member: _show(window, TableSettingsDialog(window.session, member.name, window)))


def open_house_settings(window: DealerWindow) -> QDialog | None:
    """A floor manager signs in, then changes the house settings."""
    from dealer_console.ui.house_settings_dialog import HouseSettingsDialog

    return with_floor(window, QCoreApplication.translate("DealerWindow", "House settings are the floor's."),
                      lambda member: _show(window, HouseSettingsDialog(window.session, member, window)))
