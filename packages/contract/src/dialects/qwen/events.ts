import type { CanonicalEvent } from '../../events.js';
import { EVENTS as CLAUDE_EVENTS } from '../claude/events.js';

/**
 * Qwen Code 0.24.4 names its events as Claude Code does and has all twelve canonical ones
 * (docs/hosts-observed.md, "Qwen Code"); its further events (PostToolBatch, MessageDisplay,
 * InstructionsLoaded, StopFailure, PermissionDenied, ...) have no canonical counterpart.
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = { ...CLAUDE_EVENTS };

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
