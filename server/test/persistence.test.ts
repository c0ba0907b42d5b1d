import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import { projectRoot } from '../src/paths.js';

// The persistence convention (docs/architecture.md, "Persistence"): a service opens every
// transaction with db/transaction.ts's transaction(); a repository method that may run inside a
// caller's transaction takes its executor first and required, so leaving it off is a compile
// error rather than a statement quietly run outside the transaction.

const TRANSACTION_MODULE = 'server/src/db/transaction.ts';
const EXECUTOR_TYPES = /^(Executor|Transaction<DB>|Kysely<DB> \| Transaction<DB>|Transaction<DB> \| Kysely<DB>)$/;

const runtimeFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server/src', 'cli/src'], { cwd: projectRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'));

const parsed = (file: string) => ts.createSourceFile(file, readFileSync(path.join(projectRoot, file), 'utf8'), ts.ScriptTarget.Latest, true);

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const where = (source: ts.SourceFile, node: ts.Node) => `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

it('opens transactions only through transaction()', () => {
  const opened: string[] = [];
  for (const file of runtimeFiles.filter((name) => name !== TRANSACTION_MODULE)) {
    const source = parsed(file);
    walk(source, (node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'transaction' && node.arguments.length === 0) opened.push(where(source, node));
    });
  }
  expect(opened).toEqual([]);
});

it('declares the executor type once, and takes an executor first and required', () => {
  const misplaced: string[] = [];
  for (const file of runtimeFiles) {
    const source = parsed(file);
    walk(source, (node) => {
      if (ts.isTypeAliasDeclaration(node) && file !== TRANSACTION_MODULE && /Kysely<DB>\s*\|\s*Transaction<DB>|Transaction<DB>\s*\|\s*Kysely<DB>/.test(node.type.getText(source))) {
        misplaced.push(`${where(source, node)} declares its own executor type ${node.name.text}`);
      }
      if (!ts.isFunctionLike(node)) return;
      node.parameters.forEach((parameter, index) => {
        if (!parameter.type || !EXECUTOR_TYPES.test(parameter.type.getText(source))) return;
        if (index > 0) misplaced.push(`${where(source, parameter)} takes its executor as parameter ${index + 1}`);
        if (parameter.initializer || parameter.questionToken) misplaced.push(`${where(source, parameter)} makes its executor optional`);
      });
    });
  }
  expect(misplaced).toEqual([]);
});
