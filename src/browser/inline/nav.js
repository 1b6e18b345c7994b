// Navigation bar: scrolled look past 10 px; the mobile menu closes when an item is chosen; from
// other pages the section links go home replacing the history entry, then the browser scrolls.
(() => {
  const nav = document.getElementById('site-nav');
  const menu = document.getElementById('mobile-menu');
  const onScroll = () => nav.toggleAttribute('data-scrolled', scrollY > 10);
  addEventListener('scroll', onScroll, { passive: true });
  onScroll();
  nav.addEventListener('click', (e) => {
    const link = e.target.closest('a');
    if (!link) return;
    if (menu.matches(':popover-open')) menu.hidePopover();
    const section = link.dataset.section;
    if (section && location.pathname !== '/') {
      e.preventDefault();
      location.replace('/#' + section);
    }
  });
})();
