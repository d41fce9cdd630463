"""Building, training and scoring the learned corner-index reader (``vision.corner_model``).

Training needs the ``[train]`` extra (torch, onnx, pillow); :mod:`vision.training.photos` and
:mod:`vision.training.evaluate` need only numpy and OpenCV.
"""
