"""Sign-in of a floor manager before the review opens (PIN or password; lock-out after repeated failures, by the store)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dealer_console.store.errors import SignInError, StoreError
from dealer_console.store.models import Role
from dealer_console.store.store import StaffMember


class ReviewSignIn(QDialog):
    """Name and PIN; a dealer's account is refused (only a floor manager reviews and rules)."""

    def __init__(self, sign_in: Callable[[str, str], StaffMember], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_sign_in")
        self.setWindowTitle("Floor review: sign in")
        self._sign_in = sign_in
        self.staff: StaffMember | None = None
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("sign_in_name")
        self.pin = QLineEdit()
        self.pin.setObjectName("sign_in_pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Name", self.name)
        form.addRow("PIN or password", self.pin)
        layout.addLayout(form)
        self.message = QLabel()
        self.message.setObjectName("sign_in_message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.button = QPushButton("Sign in")
        self.button.setObjectName("sign_in_button")
        self.button.setDefault(True)
        self.button.clicked.connect(self._on_sign_in_click)
        layout.addWidget(self.button)

    def _on_sign_in_click(self) -> None:
        name, pin = self.name.text().strip(), self.pin.text()
        self.pin.clear()
        if not name or not pin:
            self.message.setText("Type your name and your PIN or password")
            return
        try:
            staff = self._sign_in(name, pin)
        except SignInError as error:
            self.message.setText(str(error))
            return
        except StoreError as error:
            self.message.setText(f"Cannot sign in now: {error}")
            return
        if staff.role is not Role.FLOOR_MANAGER:
            self.message.setText(f"{staff.name} is a {staff.role.value.replace('_', ' ')}: only a floor manager may open the review")
            return
        self.staff = staff
        self.accept()
