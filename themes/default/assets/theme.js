// The default theme's enhancements. Every page works without this file: forms post, links navigate.
document.documentElement.classList.add('js');
document.addEventListener('change', (event) => {
  const target = event.target;
  if (target instanceof HTMLSelectElement && target.hasAttribute('data-autosubmit') && target.form) target.form.requestSubmit();
});
