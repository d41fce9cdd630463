"""The dealer's screen (PySide6). Every Qt import of the project lives in this package.

The model is :class:`dealer_console.live.table_session.TableSession`, which knows nothing of Qt;
the widgets here are thin views that re-read it after each change (``_on_session_change``) and
send the dealer's clicks and keys back to it.
"""
