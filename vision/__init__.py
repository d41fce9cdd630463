"""Overhead-camera card reading for the dealer console (OpenCV + numpy only, no Qt).

Modules:
- ``synthetic``: seeded overhead scene generator with ground truth.
- ``sources``: camera sources (device, video file, folder, synthetic) with timestamps and fault status.
- ``detect``: card detection by felt-model segmentation with calibrated size limits.
- ``recognize``: taught-deck corner-index recognition with confidence and rejection to unknown.
"""
