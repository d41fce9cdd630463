"""The dealer push: between hands the incoming dealer signs in (name and PIN, the staff sign-in) and takes the table; the
outgoing dealer is signed out (SPEC: A night at the table). Refused during a hand with a message, before any dialog opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog

from dealer_console.live.commands import PushDealer
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.ui.sign_in_dialog import SignInDialog

if TYPE_CHECKING:
    from dealer_console.ui.dialogs import DialogHost

__all__ = ["DealerPushDialog", "open_dealer_push"]


class DealerPushDialog(SignInDialog):
    """The incoming dealer's sign-in; once it succeeds the push is given to the session."""

    def __init__(self, window: DialogHost) -> None:
        assert window.sign_in is not None
        super().__init__(window.sign_in, floor=False, parent=window.window(),
                         purpose=self.tr("Dealer push: {0} signs out after this down; the incoming dealer signs in.").format(
                             window.session.dealer))
        self.setObjectName("dealer_push_dialog")
        self.setWindowTitle(self.tr("Dealer push"))
        self.window_ = window
        self.accepted.connect(self._push)

    def _push(self) -> None:
        if self.member is not None:
            self.window_.session.perform(PushDealer(self.member))


def open_dealer_push(window: DialogHost) -> QDialog | None:
    """Open the push's sign-in, or say plainly why not (a hand is being played; a table that records nothing has no sign-in)."""
    session = window.session
    hand = session.hand
    if hand is not None and not hand.is_complete:
        number = session.plan.number if session.plan is not None else ""
        window.post(Notice(NoticeLevel.ERROR, QCoreApplication.translate(
            "DealerPushDialog", "No dealer push during a hand: finish hand {0} first, then the next dealer signs in").format(number)))
        return None
    if window.sign_in is None:
        window.post(Notice(NoticeLevel.ERROR, QCoreApplication.translate(
            "DealerPushDialog", "This table records nothing, so no dealer can sign in for a push")))
        return None
    dialog = DealerPushDialog(window)
    window.dialog = dialog
    dialog.finished.connect(lambda _: setattr(window, "dialog", None))
    dialog.open()
    return dialog
