/** A department's working hours and caps (`/broker/department/{id}/hours`, `…/caps`) and the caps board (`/distribution/caps`). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { capsBoardRow, dataOf, departmentCaps, departmentCapsBody, departmentHours, departmentHoursBody, idParam } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { capsBoard } from './capsBoard.ts';
import { readCaps, readHours, writeCaps, writeHours } from './limits.ts';

const tags = ['broker › department › hours and caps'];
const department = '/broker/department/:id';
const view = { access: 'broker.department.view' } as const;
const update = { access: 'broker.department.update' } as const;

export const distributionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${department}/hours`,
    { schema: { tags, summary: "A department's time zone, weekly opening windows and closed dates", params: idParam, response: { 200: dataOf(departmentHours) } }, config: view },
    async (request) => ({ data: await readHours(db, request.params.id) }),
  );

  app.put(
    `${department}/hours`,
    {
      schema: {
        tags,
        summary: 'Replace the hours (no windows: open every day; a window whose end is before its start runs past midnight)',
        params: idParam,
        body: departmentHoursBody,
        response: { 200: dataOf(departmentHours) },
      },
      config: update,
    },
    async (request) => ({ data: await writeHours(db, request.params.id, request.body) }),
  );

  app.get(
    `${department}/caps`,
    { schema: { tags, summary: "A department's caps per period and country, pacing, and whether refusals count", params: idParam, response: { 200: dataOf(departmentCaps) } }, config: view },
    async (request) => ({ data: await readCaps(db, request.params.id) }),
  );

  app.put(
    `${department}/caps`,
    {
      schema: {
        tags,
        summary: 'Replace the caps (a row per country, country null for all; a null period has no cap)',
        params: idParam,
        body: departmentCapsBody,
        response: { 200: dataOf(departmentCaps) },
      },
      config: update,
    },
    async (request) => ({ data: await writeCaps(db, request.params.id, request.body) }),
  );

  app.get(
    '/distribution/caps',
    {
      schema: {
        tags: ['distribution'],
        summary: 'The caps board: every department open or closed now, its next change, used / cap per period and country, pacing, and the circuit of its send integration',
        response: { 200: dataOf(z.array(capsBoardRow)) },
      },
      config: { access: 'broker.department.caps.view' },
    },
    async () => ({ data: await capsBoard(db) }),
  );
};
