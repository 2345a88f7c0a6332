export { CANONICAL_EVENTS, CANONICAL_EVENT_NAMES, isCanonicalEvent, eventTraits, deriveSubject } from './events.js';
export type { CanonicalEvent, EventTraits } from './events.js';
export { FAILURE_CLASSES, execResult, elapsedMs, roundMs } from './handler-result.js';
export { nowMs } from './now-ms.js';
export type {
  DialectName,
  ExecRequest,
  ExecFlags,
  ExecResult,
  Executor,
  Failure,
  FailureClass,
  HandlerKind,
  HandlerResult,
  ProcessEnd,
} from './handler-result.js';
export {
  DIALECTS,
  DIALECT_NAMES,
  isDialectName,
  resolveEvent,
  resolveEventIn,
  eventNameIn,
  eventNamesIn,
  hasEvent,
  dialectsLacking,
  capabilitiesOf,
  readPayloadIn,
  renderPayload,
  readAnswerIn,
  renderOutcome,
  toolCallIn,
  canonicalToolCall,
  toolNameIn,
  toolNamesIn,
} from './dialects/index.js';
export { isPatchText, patchFileCalls, readPatch, readPatchCall, splitFileCalls, writePatch, PATCH_FIELD, PATHS_FIELD } from './dialects/patch.js';
export type { PatchedFile } from './dialects/patch.js';
export type { AnswerInput, BridgeResponse, Capabilities, Dialect, PayloadRead, RenderOutcomeOptions, ToolCall } from './dialects/index.js';
export { CAPABILITY_HEADINGS } from './dialects/capabilities.js';
export type { CapabilityName } from './dialects/capabilities.js';
export { normalizePayload } from './payload.js';
export type { NormalizedPayload } from './payload.js';
export { interpretResponse, readStdout, DEFAULT_EXIT2_REASON } from './response.js';
export type { ResponseInput } from './response.js';
export { parseOracleAnswer, readOracleObject, DEFAULT_ORACLE_DENY_REASON } from './oracle.js';
export { describeValue, describeType, typeName, isRecord } from './describe-value.js';
export { MAX_NESTING_DEPTH, MAX_PAYLOAD_DEPTH, PAYLOAD_DEPTH_MARKER, cutDepth, exceedsDepth } from './nesting-depth.js';
export { REDACTED, MIN_SECRET_LENGTH, MIN_SECRET_FRAGMENT, secretForms, collectSecrets, redactText, redactSecrets } from './redact-secrets.js';
export { parseConfig } from './config/parse-config.js';
export type { ConfigResult, ParseConfigOptions } from './config/parse-config.js';
export { mergeConfigs } from './config/merge.js';
export { SETTINGS_KEYS } from './config/settings.js';
export { findCommandTarget } from './config/command-path.js';
export type { CommandTarget } from './config/command-path.js';
export { CLAUDE_CODE_EVENTS, CLAUDE_CODE_TOOLS } from './config/host-names.js';
export { runsTheBridge } from './config/bridge-command.js';
export { compileMatcher } from './matcher.js';
export type { CompiledMatcher } from './matcher.js';
export { DiagnosticSchema } from './config/diagnostic-schema.js';
export { toJsonPointer, hasErrors } from './config/diagnostics.js';
export type { Diagnostic, DiagnosticSeverity } from './config/diagnostics.js';
export {
  ConfigFileSchema,
  NativeConfigSchema,
  NativeHookSchema,
  ClaudeSettingsSchema,
  LlmConfigSchema,
  ProxyConfigSchema,
  AuditLogSchema,
  OnErrorSchema,
  ModeSchema,
  HookTypeSchema,
  CONFIG_EVENT_NAMES,
  HOOK_TYPES,
  MAX_TIMEOUT_SECONDS,
  renderConfigJsonSchema,
} from './config/schema.js';
export type {
  HookSpec,
  HookwireConfig,
  ConfigSettings,
  HookType,
  OnError,
  HookMode,
  LlmConfig,
  ProxyConfig,
  AuditLogSetting,
  NativeConfig,
  NativeHook,
  ClaudeSettings,
} from './config/schema.js';
export { startDeadline, sleep, toTimerDelay } from './deadline.js';
export type { AbortCause, Deadline } from './deadline.js';
export { HookwireError, ConfigError, DispatchError, OptionError, UsageError } from './errors.js';
export type { HookwireErrorCode, ConfigErrorCode, DispatchErrorCode, OptionErrorCode, UsageErrorCode } from './errors.js';
export {
  PROTOCOL_VERSION,
  RequestIdSchema,
  RequestSchema,
  PingRequestSchema,
  DispatchRequestSchema,
  DispatchBodySchema,
  ReloadRequestSchema,
  CancelRequestSchema,
  ByeRequestSchema,
  ResponseSchema,
  PongResponseSchema,
  DispatchResponseSchema,
  ReloadResponseSchema,
  DoneResponseSchema,
  ErrorResponseSchema,
  OutcomeSchema,
  RunRecordSchema,
  HandlerResultSchema,
} from './protocol/schema.js';
export type { RequestId, ProtocolRequest, ProtocolResponse, DispatchBody, DispatchResponse, ErrorResponse } from './protocol/schema.js';
export { parseRequest, readRequest } from './protocol/parse-request.js';
export type { ParsedRequest, ParsedDispatch } from './protocol/parse-request.js';
export { suggest } from './config/fields.js';
