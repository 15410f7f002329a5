import { runDemo } from '../src/demo/run-demo.js';

runDemo((line) => process.stdout.write(`${line}\n`));
