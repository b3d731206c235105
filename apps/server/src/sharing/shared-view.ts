import { analysedBoard, exportCalendarOf } from '../analytics/board.ts';
import { flowQuery, flowReport } from '../analytics/flow-service.ts';
import { leadTime } from '../analytics/lead-time-service.ts';
import { timeInState } from '../analytics/time-in-state-service.ts';
import { analysisGate } from '../billing/paywall.ts';
import type { ApiContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { resolveProject } from '../tracked-boards/service.ts';
import type { ShareLinkRow } from './queries.ts';
import { linkFilters } from './service.ts';

/**
 * A link's analyses, computed exactly as for its creator (the same services, caches and visibility:
 * `itemsForViewer` with the creator as the viewer), so a link never shows what its creator could not see.
 * JSON text: the services' cached answers are spliced in, not parsed and serialised again.
 */
export async function sharedAnalysesJson(ctx: ApiContext, link: ShareLinkRow): Promise<string> {
  const creator = link.user_id;
  const project = link.github_project_id;
  // Only "not among the creator's boards" (404; 401: the creator is gone) means the link is gone: any
  // other failure (the database away) stays what it is (503, 500), or a visitor would be told for good
  // that a working link is dead.
  const board = await resolveProject(ctx, creator, project).catch((error: unknown) => {
    const gone = error instanceof AppError && (error.statusCode === 404 || error.statusCode === 401);
    if (!gone) throw error;
    throw new AppError(410, 'share_link_unavailable', 'The owner of this link no longer tracks this board');
  });
  const gate = await analysisGate(ctx, creator);
  if (!gate.allows(board))
    throw new AppError(
      402,
      'subscription_required',
      "The analyses of this link's board are not available now",
    );
  // The same item filter as the analyses' own query: applied in the engine, over what the creator sees.
  const filters = linkFilters(link);
  const query = { project, ...filters };
  const analysed = analysedBoard(board, ctx.now());
  const viewer = { userId: creator, board: analysed };
  const [lead, tis, flow] = await Promise.all([
    leadTime(ctx, viewer, query),
    timeInState(ctx, viewer, query),
    flowReport(ctx, viewer, flowQuery(project, filters)),
  ]);
  const calendar = exportCalendarOf(analysed);
  const head = {
    project_title: board.title,
    filters,
    expires_at: new Date(link.expires_at).toISOString(),
    // The board's calendar as the link's viewer needs it to read dates and durations (not its holidays).
    time_zone: calendar.timeZone,
    days_off: calendar.daysOff,
  };
  return `${JSON.stringify(head).slice(0, -1)},"lead_time":${lead.text},"time_in_state":${tis.text},"flow":${flow.text}}`;
}
