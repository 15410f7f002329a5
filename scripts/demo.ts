import { runDemo } from '../src/cli/run-demo.js';

runDemo((line) => process.stdout.write(`${line}\n`));
