#!/usr/bin/env node
// The same executable as @hookwire/stdio-server's: whichever of the two `hookwire` bins npm links does everything.
import '@hookwire/stdio-server/bin';
