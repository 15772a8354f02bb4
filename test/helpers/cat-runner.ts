import { runCommand, type CommandRunner } from '../../src/shared/env.js';

/**
 * A command runner for Env that answers each recorded argv (`file arg1 …`) with the bytes of a
 * file, printed by a real `/bin/cat` through the real runCommand: the decoding under test is the
 * runner's own, so a name that is not UTF-8 arrives as a real tool's output would bring it. Any
 * other command is not installed.
 */
export function catRunner(answers: ReadonlyMap<string, string>): CommandRunner {
  return async (file, args) => {
    const answer = answers.get([file, ...args].join(' '));
    return answer === undefined ? { kind: 'missing' } : runCommand('/bin/cat', [answer]);
  };
}
