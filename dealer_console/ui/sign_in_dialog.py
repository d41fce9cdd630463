"""Sign-in of a dealer or a floor manager: a name and a PIN or password, checked off the screen's thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from dealer_console.ui.sentences import translate_sentence
from dealer_console.ui.ui_thread import UiThreadDelivery

if TYPE_CHECKING:
    from dealer_console.floor.facade import StaffMember

__all__ = ["SignInDialog"]


class SignInDialog(QDialog):
    """Asks for a name and a PIN; ``member`` holds who signed in once accepted. ``floor``: only a floor manager may."""

    def __init__(self, sign_in: Callable[[str, str], StaffMember], *, floor: bool, purpose: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("floor_sign_in" if floor else "dealer_sign_in")
        self.setWindowTitle(self.tr("Floor sign-in") if floor else self.tr("Dealer sign-in"))
        self._sign_in = sign_in
        self.floor = floor
        self.member: StaffMember | None = None
        self._thread: threading.Thread | None = None
        self._delivery = UiThreadDelivery(self)
        layout = QVBoxLayout(self)
        if purpose:
            layout.addWidget(QLabel(purpose))
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("sign_in_name")
        self.secret_edit = QLineEdit()
        self.secret_edit.setObjectName("sign_in_secret")
        self.secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(self.tr("Name"), self.name_edit)
        form.addRow(self.tr("PIN or password"), self.secret_edit)
        layout.addLayout(form)
        self.message = QLabel()
        self.message.setObjectName("sign_in_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a00000; font-weight: bold;")
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Sign in"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))
        self.buttons.accepted.connect(self._check)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.setStyleSheet("QLineEdit, QPushButton { font-size: 16pt; min-height: 44px; }")

    def _check(self) -> None:
        name, secret = self.name_edit.text().strip(), self.secret_edit.text()
        if not name or not secret:
            self.message.setText(self.tr("Type the name and the PIN or password."))
            return
        self.buttons.setEnabled(False)
        self.message.setText(self.tr("Checking…"))

        def work() -> None:
            # the PIN's hash check and the staff lookup take time and touch the database: never on the screen's thread
            try:
                member: StaffMember | Exception = self._sign_in(name, secret)
            except Exception as error:  # shown to the person signing in
                member = error
            self._delivery.deliver(lambda: self._checked(member))

        self._thread = threading.Thread(target=work, name="sign-in", daemon=True)
        self._thread.start()

    def _checked(self, outcome: StaffMember | Exception) -> None:
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.buttons.setEnabled(True)
        self.secret_edit.clear()
        if isinstance(outcome, Exception):
            self.message.setText(translate_sentence(str(outcome)))
            return
        from dealer_console.floor.facade import Role

        if self.floor and outcome.role is not Role.FLOOR_MANAGER:
            self.message.setText(self.tr("{0} is a dealer: a floor manager must sign in for this.").format(outcome.name))
            return
        self.member = outcome
        self.accept()
