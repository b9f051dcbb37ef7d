"""bpe-tui's tests, one package: a module imports another by its full name (tests.engine.support), so nothing is put on
sys.path by hand."""
