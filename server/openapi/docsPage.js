// The API reference page (/api/docs): reads /api/openapi.json and lists every operation by tag,
// with who may call it, a curl example (x-codeSamples), its parameters, body and answers. Plain DOM and textContent only, no
// inline script or style, so it runs under the server's strict Content-Security-Policy.
'use strict';

(function () {
  var METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A schema resolved against components.schemas when it is a local $ref. */
  function resolve(doc, schema) {
    var ref = schema && schema.$ref;
    if (typeof ref !== 'string' || ref.indexOf('#/components/schemas/') !== 0) return schema;
    return (doc.components && doc.components.schemas && doc.components.schemas[ref.slice(21)]) || schema;
  }

  function who(operation) {
    if (!operation.security || operation.security.length === 0) return 'public';
    if (/Administrators only/.test(operation.description || '')) return 'admins';
    var keys = operation.security.some(function (scheme) {
      return 'apiKey' in scheme;
    });
    return keys ? 'signed in or API key' : 'signed in';
  }

  function curlBlock(operation) {
    var samples = (operation['x-codeSamples'] || []).filter(function (sample) {
      return sample.lang === 'curl';
    });
    if (samples.length === 0) return null;
    var block = el('div', 'block');
    block.appendChild(el('h4', '', 'Example'));
    block.appendChild(el('pre', 'curl', samples[0].source));
    return block;
  }

  function parametersTable(doc, parameters) {
    var table = el('table');
    var head = el('tr');
    ['Name', 'In', 'Required', 'Schema'].forEach(function (title) {
      head.appendChild(el('th', '', title));
    });
    table.appendChild(head);
    parameters.forEach(function (parameter) {
      var row = el('tr');
      row.appendChild(el('td', '', parameter.name));
      row.appendChild(el('td', '', parameter.in));
      row.appendChild(el('td', '', parameter.required ? 'yes' : 'no'));
      var cell = el('td');
      cell.appendChild(el('code', '', JSON.stringify(resolve(doc, parameter.schema || {}))));
      if (parameter.description) cell.appendChild(el('span', 'note', ' ' + parameter.description));
      row.appendChild(cell);
      table.appendChild(row);
    });
    return table;
  }

  function schemaBlock(doc, title, content) {
    var block = el('div', 'block');
    block.appendChild(el('h4', '', title));
    Object.keys(content || {}).forEach(function (type) {
      block.appendChild(el('p', 'note', type));
      block.appendChild(el('pre', '', JSON.stringify(resolve(doc, content[type].schema || {}), null, 2)));
    });
    return block;
  }

  function operationView(doc, path, method, operation) {
    var details = el('details', 'operation');
    details.id = method + ' ' + path;
    var summary = el('summary');
    summary.appendChild(el('span', 'method ' + method, method.toUpperCase()));
    summary.appendChild(el('code', 'path', path));
    summary.appendChild(el('span', 'who', who(operation)));
    if (operation.summary) summary.appendChild(el('span', 'note', operation.summary));
    details.appendChild(summary);
    if (operation.description) details.appendChild(el('p', '', operation.description));
    var curl = curlBlock(operation);
    if (curl) details.appendChild(curl);
    if (operation.parameters && operation.parameters.length > 0) {
      details.appendChild(el('h4', '', 'Parameters'));
      details.appendChild(parametersTable(doc, operation.parameters));
    }
    if (operation.requestBody) details.appendChild(schemaBlock(doc, 'Body', operation.requestBody.content));
    Object.keys(operation.responses || {}).forEach(function (status) {
      var response = operation.responses[status];
      var block = schemaBlock(doc, 'Answer ' + status, response.content);
      if (response.description) block.insertBefore(el('p', '', response.description), block.children[1] || null);
      details.appendChild(block);
    });
    return details;
  }

  function render(doc) {
    var root = document.getElementById('docs');
    root.textContent = '';
    root.appendChild(el('h1', '', (doc.info && doc.info.title) || 'API'));
    root.appendChild(
      el('p', 'note', 'Version ' + ((doc.info && doc.info.version) || '?') + ' · OpenAPI ' + doc.openapi + ' · '),
    );
    var link = el('a', '', 'openapi.json');
    link.href = '/api/openapi.json';
    root.lastChild.appendChild(link);
    if (doc.info && doc.info.description) root.appendChild(el('p', '', doc.info.description));
    root.appendChild(el('p', 'note', 'The examples read the server address and your credentials from the shell:'));
    root.appendChild(
      el(
        'pre',
        'curl',
        'export SWITCHBOARD_URL=' +
          window.location.origin +
          '\nexport SWITCHBOARD_API_KEY=sb_…   # Settings → API keys\n' +
          'export SWITCHBOARD_ACCESS_TOKEN=…  # only for the routes keys cannot call: POST /api/accounts/login',
      ),
    );

    var byTag = {};
    Object.keys(doc.paths || {})
      .sort()
      .forEach(function (path) {
        METHODS.forEach(function (method) {
          var operation = doc.paths[path][method];
          if (!operation) return;
          var tag = (operation.tags && operation.tags[0]) || 'other';
          if (!byTag[tag]) byTag[tag] = [];
          byTag[tag].push(operationView(doc, path, method, operation));
        });
      });
    Object.keys(byTag)
      .sort()
      .forEach(function (tag) {
        var section = el('section');
        section.appendChild(el('h2', '', tag));
        byTag[tag].forEach(function (view) {
          section.appendChild(view);
        });
        root.appendChild(section);
      });
  }

  fetch('/api/openapi.json', { headers: { accept: 'application/json' } })
    .then(function (response) {
      if (!response.ok) throw new Error('The API description answered ' + response.status);
      return response.json();
    })
    .then(render)
    .catch(function (error) {
      var root = document.getElementById('docs');
      root.textContent = '';
      root.appendChild(el('p', 'error', 'Could not load the API description: ' + error.message));
    });
})();
