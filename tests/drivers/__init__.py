"""Tests of the table-sensor drivers, the simulator and the console side of sensor readings."""
