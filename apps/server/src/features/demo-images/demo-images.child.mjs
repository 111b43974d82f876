// The demo pictures' drawing process (demo-images.service.ts forks it): renders the SVG it is sent with resvg
// and answers the PNG. Plain JavaScript so it starts the same under tsx, vitest and node. resvg keeps about a
// hundred megabytes resident while it draws (its images wait for garbage collection, which does not see them);
// here that memory is this process's, given back whole when the server lets it go.
import { renderAsync } from '@resvg/resvg-js';

// The server went away (or let this process go): nothing is left to draw for.
process.on('disconnect', () => process.exit(0));

process.on('message', async ({ id, svg, fontFiles }) => {
  try {
    const rendered = await renderAsync(svg, {
      font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Noto Sans CJK SC' },
    });
    process.send({ id, png: rendered.asPng() });
  } catch (error) {
    process.send({ id, error: String(error?.message ?? error) });
  }
});
