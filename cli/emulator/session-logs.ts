/**
 * The log lines an emulated session writes into its agent's logs (`GET .../services/{agent}/logs`,
 * filtered by `sessionId`): the start request, the bot's start and its pipeline, a stop, and for
 * the `crash` fault a Python traceback ending in `ModuleNotFoundError`. Lines are in the loguru
 * layout a Pipecat bot prints (`LEVEL | module:function:line - message`); the level word is what
 * `pipecat cloud agent logs --level` judges a line by (pipecatcloud `cli/commands/agent.py` `logs`).
 * Like everything in the emulator they are computed when read: a line appears once its time has come.
 */
import type { SessionLogLine, StoredSession } from './session-types.js';

/** The traceback of a bot whose lazy import of `module` fails (the last line names it). */
function traceback(module: string): string[] {
  const cls =
    module
      .split('.')
      .pop()!
      .replace(/(^|_)(\w)/g, (_m, _u, c: string) => c.toUpperCase()) + 'Service';
  return [
    'Traceback (most recent call last):',
    '  File "/app/bot.py", line 118, in bot',
    '    await run_bot(transport, runner_args)',
    '  File "/app/bot.py", line 52, in run_bot',
    `    from ${module} import ${cls}`,
    `ModuleNotFoundError: No module named '${module}'`,
  ];
}

/**
 * The lines session `s` has written by `now`, oldest first.
 *
 * @param startMs the emulator's bot start delay (a bot that never starts says so after twice that)
 */
export function sessionLogLines(s: StoredSession, startMs: number, now = Date.now()): SessionLogLine[] {
  const out: SessionLogLine[] = [];
  const at = (t: number, lines: string[]) => {
    lines.forEach((log, i) => out.push({ at: t + i, log, sessionId: s.id, deploymentId: s.deploymentId }));
  };
  const id = s.id;
  const end = s.crashAt !== undefined && (s.stoppedAt === undefined || s.crashAt <= s.stoppedAt) ? s.crashAt : s.stoppedAt;
  at(s.createdAt, [
    `INFO     | pipecatcloud.session:start:41 - Session ${id} requested${s.daily ? ` (Daily room ${s.daily.room})` : ''}` +
      (s.bodyKeys.length ? `; body keys: ${s.bodyKeys.join(', ')}` : ''),
  ]);
  if (s.botStartAt !== null && (end === undefined || s.botStartAt <= end)) {
    const secs = Math.round((s.botStartAt - s.createdAt) / 1000);
    const transport = s.daily ? 'DailyTransport' : 'FastAPIWebsocketTransport';
    at(s.botStartAt, [
      `INFO     | pipecatcloud.session:run:77 - Session ${id}: bot started after ${secs}s${s.coldStart ? ' (cold start)' : ''}`,
      `DEBUG    | pipecat.pipeline.task:_setup:236 - PipelineTask#0: linking ${transport} input -> pipeline -> ${transport} output`,
      ...(s.daily ? [`INFO     | pipecat.transports.daily.transport:join:514 - Joined ${s.daily.room}`] : []),
      `INFO     | pipecat.pipeline.runner:run:71 - Runner PipelineRunner#0 started running PipelineTask#0`,
    ]);
  } else if (s.botStartAt === null && (end === undefined || s.createdAt + 2 * startMs <= end)) {
    at(s.createdAt + 2 * startMs, [`WARNING  | pipecatcloud.session:run:64 - Session ${id}: still waiting for the bot to start`]);
  }
  if (s.crashAt !== undefined && end === s.crashAt) {
    at(s.crashAt, [
      `ERROR    | pipecatcloud.session:run:93 - Session ${id}: bot() raised an exception`,
      ...traceback(s.missingModule ?? 'pipecat.services.foo'),
    ]);
  } else if (s.stoppedAt !== undefined) {
    at(s.stoppedAt, [
      `INFO     | pipecatcloud.session:stop:120 - Session ${id}: stop requested, cancelling the bot`,
      `INFO     | pipecatcloud.session:stop:131 - Session ${id} ended: HTTP_COMPLETED`,
    ]);
  }
  return out.filter((l) => l.at <= now);
}
