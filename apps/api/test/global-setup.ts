// Integration tests run against real PostgreSQL when DATABASE_URL is set, else against PGlite.
// For PostgreSQL a template database is migrated once; each test file then gets a fresh copy
// (CREATE DATABASE … TEMPLATE), which is much faster than migrating per file.
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/orm';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name, or null when tests use PGlite. */
    pgTemplate: string | null;
  }
}

export function databaseUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    project.provide('pgTemplate', null);
    return;
  }
  const template = `gg_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const orm = await openDatabase({ databaseUrl: databaseUrlFor(base, template), pgliteDir: 'memory://' });
  await orm.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}
