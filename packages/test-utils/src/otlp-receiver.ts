import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
  status?: { code?: number; message?: string };
  /** The resource's attributes (service.name, ...). */
  resource: Record<string, unknown>;
}

export interface OtlpRequest {
  url: string;
  contentType: string | undefined;
  body: Buffer;
}

interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: { key: string; value: AnyValue }[] };
}

/** One log record as an OTLP/HTTP JSON export carries it, its body and attributes as plain values. */
export interface ReceivedLogRecord {
  eventName?: string;
  severityText?: string;
  severityNumber?: number;
  timeUnixNano?: string;
  body: unknown;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

function plain(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(plain);
  if (value.kvlistValue !== undefined) return attributesOf(value.kvlistValue.values);
  return undefined;
}

function attributesOf(list: { key: string; value: AnyValue }[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, plain(value)]));
}

/**
 * A real OTLP/HTTP receiver on a loopback port: accepts `POST /v1/traces` and `POST /v1/logs`
 * (JSON or protobuf), keeps every request, and reads the spans and log records of the JSON ones.
 */
export async function startOtlpReceiver(): Promise<{ url: string; requests: OtlpRequest[]; spans(): ReceivedSpan[]; logs(): ReceivedLogRecord[]; close(): Promise<void> }> {
  const requests: OtlpRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || (req.url !== '/v1/traces' && req.url !== '/v1/logs')) {
        res.statusCode = 404;
        return res.end();
      }
      requests.push({ url: req.url, contentType: req.headers['content-type'], body: Buffer.concat(chunks) });
      const json = req.headers['content-type'] === 'application/json';
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    spans() {
      const spans: ReceivedSpan[] = [];
      for (const request of requests.filter((r) => r.contentType === 'application/json' && r.url === '/v1/traces')) {
        const body = JSON.parse(request.body.toString('utf8')) as {
          resourceSpans: { resource?: { attributes?: { key: string; value: AnyValue }[] }; scopeSpans: { spans: (Omit<ReceivedSpan, 'attributes' | 'resource'> & { attributes?: { key: string; value: AnyValue }[] })[] }[] }[];
        };
        for (const resourceSpans of body.resourceSpans) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans) for (const span of scope.spans) spans.push({ ...span, attributes: attributesOf(span.attributes), resource });
        }
      }
      return spans;
    },
    logs() {
      const records: ReceivedLogRecord[] = [];
      for (const request of requests.filter((r) => r.contentType === 'application/json' && r.url === '/v1/logs')) {
        const body = JSON.parse(request.body.toString('utf8')) as {
          resourceLogs: { resource?: { attributes?: { key: string; value: AnyValue }[] }; scopeLogs: { logRecords: (Omit<ReceivedLogRecord, 'attributes' | 'resource' | 'body'> & { body?: AnyValue; attributes?: { key: string; value: AnyValue }[] })[] }[] }[];
        };
        for (const resourceLogs of body.resourceLogs) {
          const resource = attributesOf(resourceLogs.resource?.attributes);
          for (const scope of resourceLogs.scopeLogs) {
            for (const record of scope.logRecords) records.push({ ...record, body: record.body === undefined ? undefined : plain(record.body), attributes: attributesOf(record.attributes), resource });
          }
        }
      }
      return records;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
