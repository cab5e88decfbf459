/**
 * `pipecat doctor`'s checks of the server code itself: a file holding merge conflict markers
 * (`conflict-markers`) or that Python cannot parse (`syntax-error`), at the line the reader reports.
 * The other code checks read nothing from such a file, so they say they could not read it
 * ({@link unreadFiles}) rather than report what the file may well use as unused.
 */
import type { Finding } from './types.js';
import type { DoctorProject } from './project.js';

/** The project-relative paths of the server files the reader could not read (markers or syntax). */
export function unreadFiles(p: Pick<DoctorProject, 'reading'>): string[] {
  return p.reading.files.filter((f) => f.error || (f.markers && f.markers.length)).map((f) => f.path);
}

/**
 * The code checks: conflict markers, then syntax errors of files without markers.
 *
 * @param p the project
 * @returns findings `conflict-markers` (at the first marker) and `syntax-error`
 */
export function codeChecks(p: DoctorProject): Finding[] {
  const out: Finding[] = [];
  for (const f of p.reading.files) {
    if (f.markers && f.markers.length) {
      out.push({
        check: 'conflict-markers',
        message: `${f.path} holds merge conflict markers (lines ${f.markers.join(', ')}): Python cannot run it`,
        where: { path: f.path, line: f.markers[0] },
        fix: 'settle the conflict: keep one side of each marked part and delete the marker lines',
      });
    } else if (f.error) {
      out.push({
        check: 'syntax-error',
        message: `${f.path} does not parse: ${f.error.message}`,
        where: { path: f.path, line: f.error.line },
        fix: 'correct the Python at that line',
      });
    }
  }
  return out;
}
