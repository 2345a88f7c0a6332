// The tests import the package's modules one by one; the main entry is what provides CEL to them
// (src/conditions.ts), as it does for every library user. The lazy entry has its own test.
import '../src/index.js';
