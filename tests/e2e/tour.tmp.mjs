import { launch, serveDist } from './harness.mjs';
const server = await serveDist('/topochess/');
const browser = await launch({ full: true });
const shots = [];
async function shot(page, name) { await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/tour-${name}.png` }); shots.push(name); }
{
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(server.base ?? server.play.replace(/play.*$/, ''));
  await page.waitForTimeout(1500);
  await shot(page, 'phone-front');
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  await page.tap('#new-game-open');
  await shot(page, 'phone-newgame');
  await page.selectOption('#ng-variant', 'standard');
  await page.selectOption('#ng-time', '3+2');
  await page.tap('#ng-start');
  await page.waitForSelector('.clocks');
  await page.tap('svg.normal [data-square="e2"]'); await page.tap('svg.normal [data-square="e4"]');
  await page.tap('svg.normal [data-square="e7"]'); await page.tap('svg.normal [data-square="e5"]');
  await shot(page, 'phone-standard');
  await context.close();
}
console.log(server.play, shots.join(' '));
await browser.close(); await server.close();
