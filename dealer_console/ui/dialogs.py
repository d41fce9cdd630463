"""Opening the agreement and floor dialogs from the window (the menu, a key or a button): one at a time,
the floor's behind a floor sign-in.

The openers take a :class:`DialogHost` (the dealer's window, as any window with these few members): the dialogs know
nothing of the window itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QWidget

from dealer_console.live.card_requests import CardRequest
from dealer_console.live.notices import Notice, NoticeLevel

if TYPE_CHECKING:
    from dealer_console.floor.facade import StaffMember
    from dealer_console.live.table_session import TableSession

__all__ = [
    "DialogHost",
    "open_card_entry",
    "open_extra_boards",
    "open_house_settings",
    "open_mississippi",
    "open_restraddle",
    "open_table_settings",
    "show_dialog",
    "with_floor",
]


class DialogHost(Protocol):
    """What a dialog needs of the window it opens over: the session, the one dialog open, notices, the floor's sign-in."""

    dialog: QDialog | None
    """The dialog open now, if any (one at a time)."""

    @property
    def session(self) -> TableSession:
        """The table the dialogs act on."""

    @property
    def sign_in(self) -> Callable[[str, str], StaffMember] | None:
        """Checks a floor manager's name and PIN; ``None``: no floor sign-in possible."""

    @property
    def four_colour(self) -> bool:
        """Cards drawn in four colours."""

    def post(self, notice: Notice) -> None:
        """Show ``notice`` to the dealer."""

    def window(self) -> QWidget:
        """The window itself, as the dialogs' parent (Qt's ``QWidget.window``)."""


def show_dialog(host: DialogHost, dialog: QDialog, *, follow_busy: bool = False) -> QDialog:
    """Open ``dialog`` as the window's one dialog (closing the one open before); ``follow_busy``: disabled while the session
    is busy with a command."""
    if host.dialog is not None:
        host.dialog.close()
    host.dialog = dialog
    dialog.finished.connect(lambda _=0: setattr(host, "dialog", None) if host.dialog is dialog else None)
    if follow_busy:
        dialog.setEnabled(not host.session.busy)
    dialog.open()
    return dialog


def _show(host: DialogHost, dialog: QDialog) -> QDialog:
    return show_dialog(host, dialog, follow_busy=True)


def with_floor(window: DialogHost, purpose: str, then: Callable[[StaffMember], QDialog | None]) -> QDialog | None:
    """Ask a floor manager to sign in, then run ``then`` with them (it may open the next dialog): the very member the sign-in
    returned, the only one the store takes as authority (never a copy or one made from the name)."""
    from dealer_console.ui.sign_in_dialog import SignInDialog

    if window.sign_in is None:
        window.post(Notice(NoticeLevel.ERROR, QCoreApplication.translate(
            "DealerWindow", "A floor sign-in needs the staff records of the event store; this table records nothing")))
        return None
    dialog = SignInDialog(window.sign_in, floor=True, purpose=purpose, parent=window.window())

    def signed_in() -> None:
        assert dialog.member is not None
        window.dialog = None
        then(dialog.member)

    dialog.accepted.connect(signed_in)
    return _show(window, dialog)


def open_restraddle(window: DialogHost) -> QDialog:
    """Straddle in one tap, then each player's yes or no to the re-straddle."""
    from dealer_console.ui.restraddle_dialog import RestraddleDialog

    return _show(window, RestraddleDialog(window.session, window.window()))


def open_extra_boards(window: DialogHost) -> QDialog:
    """Each pot's contenders and their choice of runs."""
    from dealer_console.ui.extra_boards_dialog import ExtraBoardsDialog

    return _show(window, ExtraBoardsDialog(window.session, window.window()))


def open_card_entry(window: DialogHost, request: CardRequest | None) -> QDialog | None:
    """The dealer names the cards of ``request`` (a street, or a hand shown) that no camera reads; ``None``: nothing to name."""
    from dealer_console.ui.card_entry_dialog import CardEntryDialog

    if request is None:
        return None
    return _show(window, CardEntryDialog(window.session, request, four_colour=window.four_colour, parent=window.window()))


def open_mississippi(window: DialogHost) -> QDialog | None:
    """A floor manager signs in, then authorizes and the button posts the Mississippi straddle."""
    from dealer_console.ui.mississippi_dialog import MississippiDialog

    return with_floor(window, QCoreApplication.translate("DealerWindow", "A Mississippi straddle needs a floor manager's authorization."),
                      lambda member: _show(window, MississippiDialog(window.session, member, window.window())))


def open_table_settings(window: DialogHost) -> QDialog | None:
    """A floor manager signs in, then changes the table's standing agreements."""
    from dealer_console.ui.table_settings_dialog import TableSettingsDialog

    return with_floor(window, QCoreApplication.translate("DealerWindow", "Table settings are the floor's."),
                      lambda member: _show(window, TableSettingsDialog(window.session, member, window.window())))


def open_house_settings(window: DialogHost) -> QDialog | None:
    """A floor manager signs in, then changes the house settings."""
    from dealer_console.ui.house_settings_dialog import HouseSettingsDialog

    return with_floor(window, QCoreApplication.translate("DealerWindow", "House settings are the floor's."),
                      lambda member: _show(window, HouseSettingsDialog(window.session, member, window.window())))
