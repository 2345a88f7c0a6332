#!/usr/bin/env node
import { runMockLlmCli } from './run-mock-llm-cli.js';

process.exitCode = await runMockLlmCli(process.argv.slice(2));
