import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's own figures (event-loop lag, garbage collection, heap, CPU, open handles): one
 * registry per process, created with the first app. prom-client's collector starts an
 * event-loop delay monitor and a GC observer that are never stopped, so it runs once however
 * many apps the process builds (tests build dozens); every app's /metrics includes these lines.
 */
let processRegistry: Registry | undefined;

export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
