#!/usr/bin/env node
import { runSidecarProgram } from './command-line.js';

runSidecarProgram(process.argv.slice(2));
