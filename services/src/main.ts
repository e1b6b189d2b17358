// One-process start: the whole platform (API, web client, push gateway, judge runner)
// on the embedded defaults, or against DATABASE_URL / NATS_URL when they are set.
import { loadConfig } from './platform/config';
import { runMain, serve } from './serve';

runMain(() =>
  serve({ config: loadConfig(), attachGateway: true, embeddedJudge: true, describe: 'online judge' }),
);
