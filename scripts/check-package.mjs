// `npm run test:package` (part of `npm test`, after the build): the package as npm users get it.
// Packs the tarball and lints it with publint (strict) and attw (every resolution profile, node10
// included: each entry point's types resolve, every import inside them too, and they describe the
// module format the runtime loads), and checks that `require` and `import` of 'order-preflight/testing'
// without fast-check or big.js say, alike, what to install. Exits non-zero on the first failure.
//
// `--full` (`npm run test:package:full`, which `.ci/run` runs after `npm test`) also type-checks a
// consumer project against the unpacked tarball from ESM (node16 and bundler resolution) and from
// CommonJS (node16 and node10), with the library's own declaration files checked too (no
// skipLibCheck, so all of @types/node in each consumer): about 20 s and 30 s of CPU, more than
// `npm test`'s minute leaves room for. Then `npm pack --json` with its `prepack` (a full build):
// its stdout must parse as JSON.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'order-preflight-package-'));
const full = process.argv.includes('--full');

function run(label, command, args, cwd = root) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  const ms = Date.now() - started;
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}\nFAILED: ${label} (${ms} ms)\n`);
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
  process.stdout.write(`ok  ${label} (${ms} ms)\n`);
  return result.stdout;
}

function runAsync(label, command, args) {
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      const ms = Date.now() - started;
      if (status !== 0) {
        process.stderr.write(`${output}\nFAILED: ${label} (${ms} ms)\n`);
        rmSync(work, { recursive: true, force: true });
        process.exit(1);
      }
      process.stdout.write(`ok  ${label} (${ms} ms)\n`);
      resolvePromise();
    });
  });
}

/** `tsc -p config`, in this process; `parsed` holds the source files programs may share. */
function typeCheck(label, config, parsed) {
  const started = Date.now();
  const fail = (diagnostics) => {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    process.stderr.write(
      `${ts.formatDiagnostics(diagnostics, host)}\nFAILED: ${label} (${Date.now() - started} ms)\n`,
    );
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  };
  const configErrors = [];
  const command = ts.getParsedCommandLineOfConfigFile(config, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d),
  });
  if (command === undefined || configErrors.length > 0 || command.errors.length > 0)
    fail([...configErrors, ...(command?.errors ?? [])]);
  const host = ts.createCompilerHost(command.options, true);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    const version =
      typeof languageVersionOrOptions === 'object'
        ? `${languageVersionOrOptions.languageVersion}/${languageVersionOrOptions.impliedNodeFormat}`
        : `${languageVersionOrOptions}`;
    const key = `${fileName}\0${version}`;
    let file = shouldCreateNewSourceFile ? undefined : parsed.get(key);
    if (file === undefined) {
      file = getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      if (file !== undefined) parsed.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames: command.fileNames, options: command.options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) fail(diagnostics);
  process.stdout.write(`ok  ${label} (${Date.now() - started} ms)\n`);
}

try {
  // The build already ran (npm test builds first): pack exactly that, without building again.
  const packed = run('npm pack', 'npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work]);
  const tarball = join(work, JSON.parse(packed)[0].filename);
  run('publint --strict', bin('publint'), ['--strict', '--pack', 'false']);
  // attw runs in its own process while this one goes on (with --full, type-checks the consumers).
  const attw = runAsync('attw (node10, node16 CJS and ESM, bundler)', bin('attw'), [
    tarball,
    '--format',
    'table-flipped',
  ]);

  run('unpack', 'tar', ['-xzf', tarball, '-C', work]);

  // With --full: a consumer project, the unpacked tarball as node_modules/order-preflight, its
  // dependencies taken from this repository's node_modules.
  if (full) {
    const consumerDir = (name) => {
      const dir = join(work, name);
      const modules = join(dir, 'node_modules');
      mkdirSync(join(modules, '@types'), { recursive: true });
      cpSync(join(work, 'package'), join(modules, 'order-preflight'), { recursive: true });
      for (const dep of ['undici', 'fast-check', 'big.js', 'pure-rand'])
        symlinkSync(join(root, 'node_modules', dep), join(modules, dep));
      for (const types of ['node', 'big.js'])
        symlinkSync(join(root, 'node_modules', '@types', types), join(modules, '@types', types));
      return dir;
    };

    const usage = (importLines, withTesting = true) => `${importLines}

const book = RuleBook.fromExchangeInfo(parseExchangeInfoText(SAMPLE_EXCHANGE_INFO_JSON));
const order: OrderInput = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '64000', quantity: '0.001' };
const result: ValidationResult = validateOrder(book, order, { referencePrice: '64000' });
const codes: ViolationCode[] = result.violations.map((v) => v.code);
const client = new ExchangeInfoClient({ baseUrl: 'http://127.0.0.1:1' });
${withTesting ? "const arb = validOrderArb(book.definition('BTCUSDT')!);" : 'const arb = undefined;'}
const gatewayOptions: RiskGatewayOptions = { upstreamUrl: 'http://127.0.0.1:1', book, maxNotional: '250000' };
const gateway: Promise<RiskGateway> = createRiskGateway(gatewayOptions);
const contracts = ContractBook.fromContractInfo({ symbols: [] });
const contractOrder: ContractOrderInput = { symbol: 'BTCUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '0.01' };
const contractCodes: readonly ContractViolationCode[] = contracts.checkOrder(contractOrder, { position: '0' }).codes;
export const used = [codes, client, arb, isPreflightError(new Error('x')), gateway, contractCodes];
`;
    const esmImports = `import { isPreflightError, parseExchangeInfoText, RuleBook, SAMPLE_EXCHANGE_INFO_JSON, validateOrder, type OrderInput, type ValidationResult, type ViolationCode } from 'order-preflight';
import { ExchangeInfoClient } from 'order-preflight/node';
import { ContractBook, type ContractOrderInput, type ContractViolationCode } from 'order-preflight/futures';
import { createRiskGateway, type RiskGateway, type RiskGatewayOptions } from 'order-preflight/gateway';
import { validOrderArb } from 'order-preflight/testing';`;
    const cjsImports = (withTesting) => `import core = require('order-preflight');
import nodePart = require('order-preflight/node');
import gatewayPart = require('order-preflight/gateway');
import futuresPart = require('order-preflight/futures');
const { ContractBook } = futuresPart;
type ContractOrderInput = futuresPart.ContractOrderInput;
type ContractViolationCode = futuresPart.ContractViolationCode;
${withTesting ? "import testing = require('order-preflight/testing');\nconst { validOrderArb } = testing;" : ''}
const { isPreflightError, parseExchangeInfoText, RuleBook, SAMPLE_EXCHANGE_INFO_JSON, validateOrder } = core;
const { ExchangeInfoClient } = nodePart;
const { createRiskGateway } = gatewayPart;
type RiskGateway = gatewayPart.RiskGateway;
type RiskGatewayOptions = gatewayPart.RiskGatewayOptions;
type OrderInput = core.OrderInput;
type ValidationResult = core.ValidationResult;
type ViolationCode = core.ViolationCode;`;

    const projects = [
      {
        name: 'ESM, node16',
        type: 'module',
        file: 'esm.ts',
        code: usage(esmImports),
        options: { module: 'node16', moduleResolution: 'node16' },
      },
      {
        name: 'ESM, bundler',
        type: 'module',
        file: 'esm.ts',
        code: usage(esmImports),
        options: { module: 'esnext', moduleResolution: 'bundler' },
      },
      {
        name: 'CJS, node16',
        type: 'commonjs',
        file: 'cjs.ts',
        code: usage(cjsImports(true)),
        options: { module: 'node16', moduleResolution: 'node16' },
      },
      // fast-check's own types do not resolve under node10 (its pure-rand dependency publishes
      // types through `exports` only), so the node10 consumer checks the core and `./node`.
      {
        name: 'CJS, node10 (core and ./node)',
        type: 'commonjs',
        file: 'cjs.ts',
        code: usage(cjsImports(false), false),
        options: { module: 'commonjs', moduleResolution: 'node10' },
      },
    ];
    // Each consumer is a project directory with its own tsconfig.json (`tsc -p <dir>` checks one
    // alone). They are checked here in one process, one program each, sharing the files they all
    // read (@types/node above all): a file is parsed once per language version and module format.
    const parsed = new Map();
    for (const [i, project] of projects.entries()) {
      const consumer = consumerDir(`consumer-${i}`);
      writeFileSync(
        join(consumer, 'package.json'),
        JSON.stringify({ name: 'consumer', private: true, type: project.type }),
      );
      writeFileSync(join(consumer, project.file), project.code);
      writeFileSync(
        join(consumer, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            ...project.options,
            target: 'es2022',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: ['node'],
          },
          files: [project.file],
        }),
      );
      typeCheck(
        `consumer type-checks the tarball, its declarations too (${project.name})`,
        join(consumer, 'tsconfig.json'),
        parsed,
      );
    }
  }
  await attw;

  // The optional peers (fast-check, big.js) serve ./testing alone: without them the core and
  // ./node load and validate, and requiring ./testing says what to install.
  const bareProject = (name, deps) => {
    const dir = join(work, name);
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    cpSync(join(work, 'package'), join(dir, 'node_modules', 'order-preflight'), { recursive: true });
    for (const dep of deps) symlinkSync(join(root, 'node_modules', dep), join(dir, 'node_modules', dep));
    return dir;
  };
  const bare = bareProject('bare', ['undici']);
  const loads = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createRequire } from 'node:module';
       const require = createRequire(import.meta.url + '/');
       for (const api of [await import('order-preflight'), require('order-preflight')]) {
         const book = api.RuleBook.fromExchangeInfo(api.sampleExchangeInfo());
         if (book.size === 0) throw new Error('no pairs');
       }
       for (const api of [await import('order-preflight/node'), require('order-preflight/node')])
         await new api.ExchangeInfoClient({ baseUrl: 'http://127.0.0.1:1' }).close();
       const core = await import('order-preflight');
       const book = core.RuleBook.fromExchangeInfo(core.sampleExchangeInfo());
       for (const api of [await import('order-preflight/gateway'), require('order-preflight/gateway')]) {
         const gateway = await api.createRiskGateway({ upstreamUrl: 'http://127.0.0.1:1', book, maxNotional: '250000' });
         const status = await fetch(gateway.url + api.STATUS_PATH);
         if (status.status !== 200) throw new Error('the gateway did not answer its status');
         await gateway.close();
       }
       for (const api of [await import('order-preflight/futures'), require('order-preflight/futures')]) {
         const contracts = api.ContractBook.fromContractInfo({ symbols: [{ symbol: 'DOGEUSDT', pricePrecision: '5', quantityPrecision: '-2', contractVal: '100' }] });
         const verdict = contracts.checkOrder({ symbol: 'DOGEUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '150' });
         if (verdict.codes.join() !== 'QUANTITY_STEP') throw new Error('the futures entry judged ' + verdict.codes.join());
       }`,
    ],
    { cwd: bare, encoding: 'utf8' },
  );
  if (loads.status !== 0) {
    process.stderr.write(
      `${loads.stderr}\nFAILED: the core, ./futures, ./node and ./gateway must load without big.js and fast-check\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    'ok  without big.js and fast-check, the core, ./futures, ./node and ./gateway load (import and require; a gateway started from the tarball answers)\n',
  );
  for (const [dir, absent] of [
    [bare, ['fast-check', 'big.js']],
    [bareProject('bare-fast-check', ['undici', 'fast-check', 'pure-rand']), ['big.js']],
  ]) {
    // `import` and `require` say the same thing (peers.cjs): the same line ends each stderr.
    const said = [];
    for (const [how, args] of [
      ['require', ['-e', "require('order-preflight/testing')"]],
      ['import', ['--input-type=module', '-e', "await import('order-preflight/testing')"]],
    ]) {
      const missing = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
      const line = missing.stderr.split('\n').find((l) => l.includes('order-preflight/testing needs'));
      const named = line !== undefined && absent.every((dep) => line.includes(dep));
      if (missing.status === 0 || !named || !line.includes('npm install --save-dev fast-check')) {
        process.stderr.write(
          `${missing.stderr}\nFAILED: ${how} of 'order-preflight/testing' without ${absent.join(' and ')} must say what to install\n`,
        );
        process.exit(1);
      }
      said.push(line.slice(line.indexOf('order-preflight/testing needs')));
    }
    if (said[0] !== said[1]) {
      process.stderr.write(
        `FAILED: import and require of ./testing must say the same:\n${said.join('\n')}\n`,
      );
      process.exit(1);
    }
    process.stdout.write(
      `ok  without ${absent.join(' and ')}, ./testing says what to install (import and require alike)\n`,
    );
  }

  // With --full: `npm pack --json` prints the JSON alone, for the tools that parse it, although
  // its `prepack` builds (the build logs to stderr). Last, as that build rewrites dist/.
  if (full) {
    const label = 'npm pack --json (prepack builds): stdout is JSON alone';
    const printed = run(label, 'npm', ['pack', '--json', '--dry-run']);
    try {
      JSON.parse(printed);
    } catch (error) {
      process.stderr.write(`${printed}\nFAILED: ${label}: ${error.message}\n`);
      rmSync(work, { recursive: true, force: true });
      process.exit(1);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
