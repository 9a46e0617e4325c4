// The app opens this page with `?theme=dark` or `?theme=light`, so the page wears the app's theme.
// A file of its own rather than an inline script, which the content-security policy would refuse.
(function () {
  var theme = new URLSearchParams(window.location.search).get('theme');
  if (theme === 'dark' || theme === 'light') document.documentElement.className = 'theme-' + theme;
})();
