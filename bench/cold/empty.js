// Cold-start baseline: a script that does nothing.
