import {
  type ConsoleActionResult,
  type ConsoleCollection,
  type ConsoleCollectionRunBody,
  type ConsoleCollectionRunResult,
  ConsoleDataPath,
  type ConsoleDeriveBody,
  type ConsoleDeriveResult,
  type ConsoleImportItem,
  type ConsoleImportReport,
  type ConsoleImportTarget,
  type ConsoleJob,
  type ConsoleJobActionBody,
  type ConsoleJobPage,
  type ConsoleJobStatus,
  type ConsoleJobSummary,
} from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { consoleGet, consolePost } from './console-request';

/** The 数据 page's calls (docs/console.md, Data). */

export const dataKey = {
  all: ['console', 'data'] as const,
  report: (target: ConsoleImportTarget, id: number) => ['console', 'data', 'import', target, id] as const,
  derive: ['console', 'data', 'derive'] as const,
  jobs: ['console', 'data', 'jobs'] as const,
  collection: ['console', 'data', 'collection'] as const,
};

/** How often the page looks again while something it shows is still moving (an import, a queue). */
const REFRESH_MS = 3_000;

const isSettled = (status: string | undefined) => status === 'done' || status === 'failed';

/** `POST import/keywords` or `import/videos`: the file, its fields, and the reason in the query. */
export function uploadImport(options: {
  target: ConsoleImportTarget;
  file: File;
  kind?: string;
  reason: string;
}): Promise<ConsoleImportReport> {
  const form = new FormData();
  if (options.kind) form.append('kind', options.kind);
  form.append('file', options.file, options.file.name);
  const path = options.target === 'keywords' ? ConsoleDataPath.importKeywords : ConsoleDataPath.importVideos;
  return consolePost<ConsoleImportReport>(path, form, { reason: options.reason });
}

/** `GET import/list`: the latest imports, looked at again while one waits or runs. */
export const importListQuery = queryOptions({
  queryKey: [...dataKey.all, 'imports'] as const,
  queryFn: () => consoleGet<ConsoleImportItem[]>(ConsoleDataPath.imports),
  refetchInterval: (query) => (query.state.data?.every((item) => isSettled(item.status)) ? false : REFRESH_MS),
});

/** `GET import/report`: polled until the import's job has finished. */
export const importReportQuery = (target: ConsoleImportTarget, id: number) =>
  queryOptions({
    queryKey: dataKey.report(target, id),
    queryFn: () => consoleGet<ConsoleImportReport>(ConsoleDataPath.importReport, { target, id }),
    refetchInterval: (query) => (isSettled(query.state.data?.report.status) ? false : REFRESH_MS),
  });

/** `GET derive/runs`: the latest derive jobs, looked at again while one waits or runs. */
export const deriveRunsQuery = queryOptions({
  queryKey: dataKey.derive,
  queryFn: () => consoleGet<ConsoleJob[]>(ConsoleDataPath.deriveRuns),
  refetchInterval: (query) =>
    query.state.data?.some((job) => job.status === 'queued' || job.status === 'running') ? REFRESH_MS : false,
});

export const runDerive = (body: ConsoleDeriveBody) => consolePost<ConsoleDeriveResult>(ConsoleDataPath.deriveRun, body);

/** `GET jobs/summary`: the queue's depth, kept fresh while the tab is open. */
export const jobSummaryQuery = queryOptions({
  queryKey: [...dataKey.jobs, 'summary'] as const,
  queryFn: () => consoleGet<ConsoleJobSummary>(ConsoleDataPath.jobSummary),
  refetchInterval: REFRESH_MS,
});

/** `GET jobs`: one page of jobs in a state (every state when absent), of one kind when given. */
export const jobsQuery = (
  filter: { status?: ConsoleJobStatus | undefined; kind?: string | undefined },
  pageNo: number,
) =>
  queryOptions({
    queryKey: [...dataKey.jobs, 'list', filter.status ?? 'all', filter.kind ?? 'all', pageNo] as const,
    queryFn: () =>
      consoleGet<ConsoleJobPage>(ConsoleDataPath.jobs, { status: filter.status, kind: filter.kind, page_no: pageNo }),
    refetchInterval: REFRESH_MS,
  });

export const retryJob = (body: ConsoleJobActionBody) =>
  consolePost<ConsoleActionResult>(ConsoleDataPath.jobRetry, body);

export const discardJob = (body: ConsoleJobActionBody) =>
  consolePost<ConsoleActionResult>(ConsoleDataPath.jobDiscard, body);

/** `GET collection`: the scheduled collections and their runs, looked at again while a run is in hand. */
export const collectionsQuery = queryOptions({
  queryKey: dataKey.collection,
  queryFn: () => consoleGet<ConsoleCollection[]>(ConsoleDataPath.collections),
  refetchInterval: (query) =>
    query.state.data?.some((item) => item.runs.some((run) => run.status === 'running')) ? REFRESH_MS : false,
});

/** `POST collection/run` (立即运行). */
export const runCollection = (body: ConsoleCollectionRunBody) =>
  consolePost<ConsoleCollectionRunResult>(ConsoleDataPath.collectionRun, body);
